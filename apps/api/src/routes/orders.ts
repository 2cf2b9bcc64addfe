import { CURRENCY, Order, OrderBody } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { throttleMail } from '../auth/throttle.js';
import type { OrdersTable } from '../db/tables/resources.js';
import type { DB } from '../db/types.js';
import { answers, dataOf } from '../http/answers.js';
import { data, now } from '../http/envelope.js';
import { unprocessable } from '../http/errors.js';
import type { ZodApp, ZodTypeProvider } from '../http/zod.js';
import { resourceMessages as M } from './messages.js';

const kronor = (ore: number) =>
  `${(ore / 100).toLocaleString('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kr`;

export const orderNumber = (id: number) => `MN-${String(id).padStart(6, '0')}`;

interface OrderLine {
  product_id: number;
  name: string;
  quantity: number;
  unit_price_ore: number;
  total_ore: number;
}

/** The order form (guests allowed): prices and the total come from the products, never from the body. */
export async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerOrderCreate(r);
}

function registerOrderCreate(r: ZodApp) {
  const db = r.db;
  r.post(
    '/api/v1/order',
    { schema: { body: OrderBody, response: answers({ 201: dataOf(Order) }, [419, 422, 429]) } },
    async (request, reply) => {
      const body = request.body;
      // A guest's order mails the address it names: throttled like the other forms that mail.
      if (!request.user) await throttleMail(request, 'order', body.email);
      const lines = await orderLines(db, body.items);
      const total = lines.reduce((sum, l) => sum + l.total_ore, 0);
      const order = await insertOrder(db, request.user?.id ?? null, body, lines, total);

      const number = orderNumber(order.id);
      const text = confirmationText(order, number, lines, total);
      // The order stands even if the mail cannot be sent now; the failure is logged for follow-up.
      await r.mailer
        .send({ to: order.email, subject: `Orderbekräftelse ${number} från Mätnät`, text })
        .catch((err: unknown) =>
          request.log.error({ err, order: order.id }, 'order confirmation mail failed'),
        );

      reply.code(201);
      return data({
        id: order.id,
        number,
        status: order.status,
        name: order.name,
        email: order.email,
        phone: order.phone,
        company: order.company,
        address: order.address,
        postal_code: order.postal_code,
        city: order.city,
        message: order.message,
        items: lines,
        total_ore: total,
        currency: CURRENCY,
        created_at: order.created_at,
      });
    },
  );
}

/** The order's lines at the products' prices; unknown or sold-out products are form errors. */
async function orderLines(db: Kysely<DB>, items: OrderBody['items']): Promise<OrderLine[]> {
  const ids = items.map((i) => i.product_id);
  const products = new Map(
    (await db.selectFrom('products').selectAll().where('id', 'in', ids).execute()).map((p) => [p.id, p]),
  );
  const errors: Record<string, string[]> = {};
  items.forEach((item, i) => {
    const product = products.get(item.product_id);
    if (!product) errors[`items.${i}.product_id`] = [M.unknownProduct];
    else if (product.in_stock !== 1) errors[`items.${i}.product_id`] = [M.outOfStock];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  return items.map((item) => {
    const product = products.get(item.product_id)!;
    return {
      product_id: product.id,
      name: product.name,
      quantity: item.quantity,
      unit_price_ore: product.price_ore,
      total_ore: product.price_ore * item.quantity,
    };
  });
}

async function insertOrder(
  db: Kysely<DB>,
  userId: number | null,
  body: OrderBody,
  lines: readonly OrderLine[],
  total: number,
) {
  const at = now();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('orders')
      .values({
        user_id: userId,
        name: body.name,
        email: body.email,
        phone: body.phone || null,
        company: body.company || null,
        address: body.address,
        postal_code: body.postal_code,
        city: body.city,
        message: body.message || null,
        total_ore: total,
        status: 'received',
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_items')
      .values(
        lines.map((l) => ({
          order_id: row.id,
          product_id: l.product_id,
          name: l.name,
          quantity: l.quantity,
          unit_price_ore: l.unit_price_ore,
        })),
      )
      .execute();
    return row;
  });
}

function confirmationText(
  order: Selectable<OrdersTable>,
  number: string,
  lines: readonly OrderLine[],
  total: number,
) {
  return [
    `Hej ${order.name}!`,
    '',
    `Tack för din beställning ${number}. Vi har tagit emot den och återkommer när den skickas.`,
    '',
    ...lines.map((l) => `${l.quantity} × ${l.name}: ${kronor(l.total_ore)}`),
    `Totalt (inkl. moms): ${kronor(total)}`,
    '',
    `Leveransadress: ${order.address}, ${order.postal_code} ${order.city}`,
    '',
    'Hälsningar',
    'Mätnät',
  ].join('\n');
}
