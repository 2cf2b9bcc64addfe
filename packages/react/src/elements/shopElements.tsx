import type { AuthMode } from '@matnat/core';
import type { ReactNode } from 'react';
import { MatnatProvider } from '../provider/MatnatProvider';
import type { ShopProduct } from '../provider/types';
import { Cart } from '../shop/Cart';
import { ProductList } from '../shop/ProductList';

interface ShopAttributes {
  /** @default '' (the page's own origin) */
  apiBase?: string;
  /** Read-only embed token; without it the visitor's session (and cart) is used. */
  embedToken?: string;
}

function ShopProvider({ apiBase, embedToken, children }: ShopAttributes & { children: ReactNode }) {
  const auth: AuthMode = embedToken ? { embedToken } : 'session';
  // The provider creates its client once: a new API base or token needs a new provider.
  return (
    <MatnatProvider key={`${apiBase ?? ''}|${embedToken ?? ''}`} config={{ baseUrl: apiBase ?? '', auth }}>
      {children}
    </MatnatProvider>
  );
}

export interface ProductListElementProps extends ShopAttributes {
  heading?: string;
  onProductSelect?(product: ShopProduct): void;
}

export function ProductListElement({ heading, onProductSelect, ...api }: ProductListElementProps) {
  return (
    <ShopProvider {...api}>
      <ProductList heading={heading} onSelect={onProductSelect} />
    </ShopProvider>
  );
}

export interface CartElementProps extends ShopAttributes {
  onCheckout?(): void;
}

export function CartElement({ onCheckout, ...api }: CartElementProps) {
  return (
    <ShopProvider {...api}>
      <Cart onCheckout={onCheckout} />
    </ShopProvider>
  );
}
