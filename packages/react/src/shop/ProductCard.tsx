import { useId } from 'react';
import { useMessages } from '../messages';
import type { ShopProduct } from '../provider/types';
import { Button } from '../ui/Button';
import { formatPrice } from './formatPrice';

export interface ProductCardProps {
  product: ShopProduct;
  /** The product page's address; the title links there. @default undefined (no link) */
  href?: string;
  /** Called instead of following `href` (client-side routing). @default undefined */
  onSelect?: (product: ShopProduct) => void;
  /** Without it there is no add-to-cart button. */
  onAddToCart?: (product: ShopProduct) => void;
}

/** One product in the list: image, name, description, price in SEK and the add-to-cart button. */
export function ProductCard({ product, href, onSelect, onAddToCart }: ProductCardProps) {
  const m = useMessages();
  const titleId = useId();
  const inStock = product.in_stock !== false;
  const title =
    href || onSelect ? (
      <a
        className="matnat-card__link"
        href={href ?? '#'}
        onClick={(event) => {
          if (!onSelect) return;
          event.preventDefault();
          onSelect(product);
        }}
      >
        {product.name}
      </a>
    ) : (
      product.name
    );
  return (
    <article className="matnat-card" aria-labelledby={titleId}>
      {product.image_url && (
        <img className="matnat-card__image" src={product.image_url} alt="" loading="lazy" />
      )}
      <div className="matnat-card__body">
        <h3 id={titleId} className="matnat-card__title">
          {title}
        </h3>
        {product.description && <p className="matnat-card__description">{product.description}</p>}
        <p className="matnat-price">{formatPrice(product.price_ore)}</p>
        {onAddToCart &&
          (inStock ? (
            <Button aria-label={`${m.shop.addToCart}: ${product.name}`} onClick={() => onAddToCart(product)}>
              {m.shop.addToCart}
            </Button>
          ) : (
            <Button disabled>{m.shop.outOfStock}</Button>
          ))}
      </div>
    </article>
  );
}
