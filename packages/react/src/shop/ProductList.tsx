import { useMessages } from '../messages';
import { useOptionalMatnatClient } from '../provider';
import type { ShopProduct } from '../provider/types';
import { LoadStatus } from './LoadStatus';
import { ProductCard } from './ProductCard';
import { cartItemOf, useProducts } from './useShop';

export interface ProductListProps {
  /** The products to show; without them the list loads GET /api/v1/product through the provider. */
  products?: readonly ShopProduct[];
  /** The product page's address per product. @default undefined (titles are not links) */
  productHref?: (product: ShopProduct) => string;
  onSelect?: (product: ShopProduct) => void;
  /**
   * Add-to-cart action. @default adds the product to the provider's cart and shows a toast
   * (no button when there is neither a handler nor a cart)
   */
  onAddToCart?: (product: ShopProduct) => void;
  /** @default 'Produkter' */
  heading?: string;
}

/** The web shop's product list (spec §1, route productlist /produkter): a responsive grid of cards. */
export function ProductList({ products, ...props }: ProductListProps) {
  return products ? <ProductGrid products={products} {...props} /> : <LoadedProductList {...props} />;
}

function LoadedProductList(props: Omit<ProductListProps, 'products'>) {
  const m = useMessages();
  const query = useProducts();
  if (query.isPending || query.isError)
    return <LoadStatus failed={query.isError} failedText={m.shop.loadFailed} />;
  return <ProductGrid products={query.data} {...props} />;
}

function ProductGrid({
  products,
  productHref,
  onSelect,
  onAddToCart,
  heading,
}: ProductListProps & { products: readonly ShopProduct[] }) {
  const m = useMessages();
  const client = useOptionalMatnatClient();
  const cart = client?.cart;
  const add =
    onAddToCart ??
    (cart
      ? (product: ShopProduct) => {
          void cart.add(cartItemOf(product));
          client?.toasts?.show(m.shop.addedToCart(product.name));
        }
      : undefined);
  return (
    <section className="matnat-shop" aria-label={heading ?? m.shop.products}>
      {products.length === 0 ? (
        <p className="matnat-status">{m.shop.noProducts}</p>
      ) : (
        <ul className="matnat-shop__grid">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                href={productHref?.(product)}
                onSelect={onSelect}
                onAddToCart={add}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
