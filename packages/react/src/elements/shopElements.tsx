import type { ShopProduct } from '../provider/types';
import { Cart } from '../shop/Cart';
import { ProductList } from '../shop/ProductList';
import { type ApiAttributes, ElementProvider } from './ElementProvider';

export interface ProductListElementProps extends ApiAttributes {
  heading?: string;
  onProductSelect?(product: ShopProduct): void;
}

/** `<matnat-product-list>`: adds to the page's one cart, which `<matnat-cart>` shows. */
export function ProductListElement({ heading, onProductSelect, ...api }: ProductListElementProps) {
  return (
    <ElementProvider {...api} root>
      <ProductList heading={heading} onSelect={onProductSelect} />
    </ElementProvider>
  );
}

export interface CartElementProps extends ApiAttributes {
  onCheckout?(): void;
}

export function CartElement({ onCheckout, ...api }: CartElementProps) {
  return (
    <ElementProvider {...api} root>
      <Cart onCheckout={onCheckout} />
    </ElementProvider>
  );
}
