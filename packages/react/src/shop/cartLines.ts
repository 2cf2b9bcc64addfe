import type { CartItem, Id, ShopProduct } from '../provider/types';

export interface CartLine {
  id: Id;
  name: string;
  quantity: number;
  /** Integer öre, when known. */
  unitPrice: number | undefined;
}

/**
 * The cart's items grouped by id in order of first appearance (spec §3: a product added twice is two
 * items). Names and prices come from the items' display copies, else from the product list.
 */
export function cartLines(items: readonly CartItem[], products: readonly ShopProduct[] = []): CartLine[] {
  const lines = new Map<Id, CartLine>();
  for (const item of items) {
    const line = lines.get(item.id);
    if (line) {
      line.quantity++;
      continue;
    }
    const product = products.find((p) => p.id === item.id);
    lines.set(item.id, {
      id: item.id,
      name: item.name ?? product?.name ?? `#${item.id}`,
      quantity: 1,
      unitPrice: item.price_ore ?? product?.price_ore,
    });
  }
  return [...lines.values()];
}

/** Sum of the lines whose price is known, in öre. */
export function cartTotal(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + (line.unitPrice ?? 0) * line.quantity, 0);
}
