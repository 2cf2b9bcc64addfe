import type { HttpClient } from '../http';
import type { CartItem } from './types';

export function cartApi(http: HttpClient) {
  return {
    /** GET /cart/retrieve: the stored cart, `[]` when the answer has none. */
    retrieve: () =>
      http.get<{ cart?: CartItem[] | null } | undefined>('/cart/retrieve').then((r) => r?.cart ?? []),
    /** POST /cart/store {cart} */
    store: (cart: CartItem[]) => http.post<unknown>('/cart/store', { cart }),
  };
}
