import { CURRENCY, OrderBody } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { data, now } from '../http/envelope.js';
import { unprocessable } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { resourceMessages as M } from './messages.js';

const kronor = (ore: number) =>
  `${(ore / 100).toLocaleString('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kr`;

export const orderNumber = (id: number) => `MN-${String(id).padStart(6, '0')}`;

/** The order form (guests allowed): prices and the total come from the products, never from the body. */
export async function orderRoutes(app: FastifyInstance) {
  const db = app.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/order', { schema: { body: OrderBody } }, async (request, reply) => {
    const body = request.body;
    const ids = body.items.map((i) => i.product_id);
    const products = new Map(
      (await db.selectFrom('products').selectAll().where('id', 'in', ids).execute()).map((p) => [p.id, p]),
    );
    const errors: Record<string, string[]> = {};
    body.items.forEach((item, i) => {
      const product = products.get(item.product_id);
      if (!product) errors[`items.${i}.product_id`] = [M.unknownProduct];
      else if (product.in_stock !== 1) errors[`items.${i}.product_id`] = [M.outOfStock];
    });
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    const lines = body.items.map((item) => {
      const product = products.get(item.product_id)!;
      return {
        product_id: product.id,
        name: product.name,
        quantity: item.quantity,
        unit_price_ore: product.price_ore,
        total_ore: product.price_ore * item.quantity,
      };
    });
    const total = lines.reduce((sum, l) => sum + l.total_ore, 0);
    const at = now();
    const order = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('orders')
        .values({
          user_id: request.user?.id ?? null,
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

    const number = orderNumber(order.id);
    const text = [
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
    // The order stands even if the mail cannot be sent now; the failure is logged for follow-up.
    await app.mailer
      .send({ to: order.email, subject: `Orderbekräftelse ${number} från Mätnät`, text })
      .catch((err: unknown) => request.log.error({ err, order: order.id }, 'order confirmation mail failed'));

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
  });
}
