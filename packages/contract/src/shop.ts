import { z } from 'zod';
import { Id, Timestamp } from './common';
import { CURRENCY, LIMITS, ORDER_STATUSES } from './constants';
import { body, email, id, integer, optionalText, text } from './fields';
import { fieldLabels as L, validationMessages as M } from './messages';

/** Amounts are integer öre (1/100 SEK). */
const ore = z.number().int().nonnegative();

export const Product = z.object({
  id: Id,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price_ore: ore,
  currency: z.literal(CURRENCY),
  image_url: z.string().nullable(),
  in_stock: z.boolean(),
});
export type Product = z.infer<typeof Product>;

/**
 * Spec §3 "Cart: array of items, each with an id": the id is the product's. A product added twice is two
 * items (the quantity is the number of items with that id). `name` and `price_ore` are display copies.
 */
export const CartItem = body({
  id: id(L.id),
  name: z
    .string({ error: M.string(L.name) })
    .max(255, { error: M.maxLength(L.name, 255) })
    .optional(),
  price_ore: integer(L.price_ore, { min: 0 }).optional(),
});
export type CartItem = z.infer<typeof CartItem>;

export const Cart = z
  .array(CartItem, { error: M.array(L.cart) })
  .max(LIMITS.cartItems, { error: M.maxItems(L.cart, LIMITS.cartItems) });
export type Cart = z.infer<typeof Cart>;

/** `POST /cart/store`. */
export const CartStoreBody = body({ cart: Cart });
export type CartStoreBody = z.infer<typeof CartStoreBody>;

/**
 * `GET /cart/retrieve` answers `{ "cart": [...] }` (no `data` envelope, as the spec writes it); a missing
 * cart reads as empty (spec §7).
 */
export const CartResponse = z.object({ cart: Cart.default([]) });
export type CartResponse = z.infer<typeof CartResponse>;

/** Swedish postal code: five digits, `12345` or `123 45`; normalised to `123 45`. */
const postalCode = text(L.postal_code, { max: 6 })
  .regex(/^\d{3} ?\d{2}$/, { error: M.postalCode })
  .overwrite((code) => `${code.replace(' ', '').slice(0, 3)} ${code.replace(' ', '').slice(3)}`);

const phone = optionalText(L.phone, { max: 32 }).refine(
  (value) => value === undefined || value === null || value === '' || /^\+?[0-9][0-9 ()-]{5,30}$/.test(value),
  { error: M.phone },
);

export const OrderLineBody = body({
  product_id: id(L.product_id),
  quantity: integer(L.quantity, { min: 1, max: LIMITS.orderQuantity }),
});
export type OrderLineBody = z.infer<typeof OrderLineBody>;

/** `POST /api/v1/order`, guests allowed. Prices come from the server, never from the body. */
export const OrderBody = body({
  name: text(L.name),
  email: email(),
  phone,
  company: optionalText(L.company),
  address: text(L.address),
  postal_code: postalCode,
  city: text(L.city, { max: 100 }),
  items: z
    .array(OrderLineBody, { error: M.array(L.items) })
    .min(1, { error: M.minItems(L.items, 1) })
    .max(LIMITS.orderLines, { error: M.maxItems(L.items, LIMITS.orderLines) })
    .refine((lines) => new Set(lines.map((line) => line.product_id)).size === lines.length, {
      error: M.duplicates(L.items),
    }),
  message: optionalText(L.message, { max: LIMITS.orderMessage }),
});
export type OrderBody = z.infer<typeof OrderBody>;
export type OrderBodyInput = z.input<typeof OrderBody>;

export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const OrderLine = z.object({
  product_id: Id,
  name: z.string(),
  quantity: z.number().int().positive(),
  unit_price_ore: ore,
  total_ore: ore,
});
export type OrderLine = z.infer<typeof OrderLine>;

export const Order = z.object({
  id: Id,
  /** Human order number for mails and the confirmation page, e.g. `MN-000123`. */
  number: z.string(),
  status: OrderStatus,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  message: z.string().nullable(),
  items: z.array(OrderLine),
  total_ore: ore,
  currency: z.literal(CURRENCY),
  created_at: Timestamp,
});
export type Order = z.infer<typeof Order>;
