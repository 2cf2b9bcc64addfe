import { useEffect } from 'react';
import { useExternalStore, useOptionalMatnatClient, useQuery } from '../provider';
import { required } from '../provider/required';
import type { CartItem, CartStore, Id, ShopApi, ShopProduct } from '../provider/types';

const shopApi = (api: ShopApi | undefined): ShopApi => required(api, 'shop API');

/** GET /api/v1/product through the query client (key ['products'], shared with the core's queries). */
export function useProducts(enabled = true) {
  const client = useOptionalMatnatClient();
  return useQuery<ShopProduct[]>({
    queryKey: ['products'],
    queryFn: () => shopApi(client?.api?.shop).products() as Promise<ShopProduct[]>,
    enabled,
  });
}

/** GET /api/v1/product/{id} (key ['product', id]). */
export function useProduct(id: Id, enabled = true) {
  const client = useOptionalMatnatClient();
  return useQuery<ShopProduct>({
    queryKey: ['product', id],
    queryFn: () => shopApi(client?.api?.shop).product(id) as Promise<ShopProduct>,
    enabled,
  });
}

const noItems: readonly CartItem[] = [];

/** The provider's cart, or `undefined` items when the client has none. */
export function useOptionalCart(): { cart: CartStore | undefined; items: readonly CartItem[] } {
  const cart = useOptionalMatnatClient()?.cart;
  const items = useExternalStore(cart)?.items ?? noItems;
  // The saved cart (GET /cart/retrieve) is loaded once per client, by whichever shop widget shows first.
  useEffect(() => {
    cart?.ensureLoaded?.().catch(() => {});
  }, [cart]);
  return { cart, items };
}

/** The display copy a cart item keeps of its product. */
export function cartItemOf(product: ShopProduct): CartItem {
  return { id: product.id, name: product.name, price_ore: product.price_ore };
}
