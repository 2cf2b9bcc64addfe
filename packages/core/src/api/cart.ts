import type { HttpClient } from '../http';
import type { CartItem } from './types';

export function cartApi(http: HttpClient) {
  return {
    /** GET /cart/retrieve: the stored cart, `[]` when the answer has none. */
    retrieve: (): Promise<CartItem[]> =>
      http.get<{ cart?: CartItem[] | null } | undefined>('/cart/retrieve').then((r) => r?.cart ?? []),
    /** POST /cart/store {cart} */
    store: (cart: CartItem[]): Promise<unknown> => http.post<unknown>('/cart/store', { cart }),
  };
}
