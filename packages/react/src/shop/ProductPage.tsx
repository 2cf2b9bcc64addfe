import { useMessages } from '../messages';
import { useOptionalMatnatClient } from '../provider';
import type { Id, ShopProduct } from '../provider/types';
import { Button } from '../ui/Button';
import { formatPrice } from './formatPrice';
import { LoadStatus } from './LoadStatus';
import { cartItemOf, useProduct } from './useShop';

export interface ProductPageProps {
  /** The product to load (route product /produkt/{product_id}); ignored when `product` is given. */
  productId?: Id;
  product?: ShopProduct;
  /** @default adds to the provider's cart and shows a toast */
  onAddToCart?: (product: ShopProduct) => void;
  /** Shows a back button. @default undefined */
  onBack?: () => void;
}

/** One product: image, name, description, price in SEK, add to cart. */
export function ProductPage({ productId, product, ...props }: ProductPageProps) {
  if (product) return <ProductView product={product} {...props} />;
  if (productId === undefined) throw new Error('ProductPage needs a productId or a product');
  return <LoadedProductPage productId={productId} {...props} />;
}

function LoadedProductPage({ productId, ...props }: Omit<ProductPageProps, 'product'> & { productId: Id }) {
  const m = useMessages();
  const query = useProduct(productId);
  if (query.isPending || query.isError)
    return <LoadStatus failed={query.isError} failedText={m.shop.productNotFound} />;
  return <ProductView product={query.data} {...props} />;
}

function ProductView({
  product,
  onAddToCart,
  onBack,
}: Omit<ProductPageProps, 'product'> & { product: ShopProduct }) {
  const m = useMessages();
  const client = useOptionalMatnatClient();
  const cart = client?.cart;
  const add =
    onAddToCart ??
    (cart
      ? (p: ShopProduct) => {
          void cart.add(cartItemOf(p));
          client?.toasts?.show(m.shop.addedToCart(p.name));
        }
      : undefined);
  const inStock = product.in_stock !== false;
  return (
    <article className="matnat-product">
      {product.image_url && <img className="matnat-product__image" src={product.image_url} alt="" />}
      <div>
        {onBack && <Button variant="back" text={m.ui.back} onClick={onBack} />}
        <h2 className="matnat-product__title">{product.name}</h2>
        <p className="matnat-price">{formatPrice(product.price_ore)}</p>
        {product.description && <p>{product.description}</p>}
        {add &&
          (inStock ? (
            <Button onClick={() => add(product)}>{m.shop.addToCart}</Button>
          ) : (
            <Button disabled>{m.shop.outOfStock}</Button>
          ))}
      </div>
    </article>
  );
}
