import { useMessages } from '../messages';
import type { CartItem, Id, ShopProduct } from '../provider/types';
import { Button } from '../ui/Button';
import { cartLines, cartTotal } from './cartLines';
import { formatPrice } from './formatPrice';
import { useOptionalCart } from './useShop';

export interface CartProps {
  /** @default the provider's cart items */
  items?: readonly CartItem[];
  /** Products to take names and prices from when the items carry none. @default [] */
  products?: readonly ShopProduct[];
  /** @default the provider cart's `remove` (the core then shows 'Artiklen togs bort') */
  onRemoveOne?: (id: Id) => void;
  /** @default the provider cart's `removeAll` (the core then shows 'Artiklen togs bort') */
  onRemoveAll?: (id: Id) => void;
  /** Shows a 'Till beställning' button. @default undefined */
  onCheckout?: () => void;
}

/** The shopping cart: a line per product with its quantity, remove one, remove all, and the total. */
export function Cart({ items, products, onRemoveOne, onRemoveAll, onCheckout }: CartProps) {
  const m = useMessages();
  const provided = useOptionalCart();
  const lines = cartLines(items ?? provided.items, products);
  const removeOne = onRemoveOne ?? ((id: Id) => void provided.cart?.remove(id));
  const removeAll = onRemoveAll ?? ((id: Id) => void provided.cart?.removeAll(id));
  return (
    <section className="matnat-cart" aria-label={m.shop.cart}>
      {lines.length === 0 ? (
        <p className="matnat-status">{m.shop.cartEmpty}</p>
      ) : (
        <>
          <ul className="matnat-cart__list">
            {lines.map((line) => (
              <li key={line.id} className="matnat-cart__item" data-id={line.id}>
                <div>
                  <strong>{line.name}</strong>
                  <div>{m.shop.quantity(line.quantity)}</div>
                  {line.unitPrice !== undefined && (
                    <div className="matnat-price">{formatPrice(line.unitPrice * line.quantity)}</div>
                  )}
                </div>
                <div className="matnat-cart__actions">
                  <Button
                    variant="secondary"
                    aria-label={m.shop.removeOneOf(line.name)}
                    onClick={() => removeOne(line.id)}
                  >
                    {m.shop.removeOne}
                  </Button>
                  <Button
                    variant="remove"
                    aria-label={m.shop.removeAllOf(line.name)}
                    onClick={() => removeAll(line.id)}
                  >
                    {m.shop.removeAll}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <p className="matnat-cart__total">
            <span>{m.shop.total}</span>
            <span className="matnat-price" data-testid="matnat-cart-total">
              {formatPrice(cartTotal(lines))}
            </span>
          </p>
          {onCheckout && <Button text={m.shop.toOrder} onClick={onCheckout} />}
        </>
      )}
    </section>
  );
}
