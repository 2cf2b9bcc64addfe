import { CartResponse, CartStoreBody } from '@matnat/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ensureSession } from '../auth/session.js';
import { answers } from '../http/answers.js';
import { now } from '../http/envelope.js';
import type { ZodTypeProvider } from '../http/zod.js';

/** Which cart row a request owns: the user's, or for guests the one of their session. */
function cartOwner(request: FastifyRequest): { user_id: number } | { guest_token: string } | null {
  if (request.user) return { user_id: request.user.id };
  if (request.authSession) return { guest_token: request.authSession.id };
  return null;
}

/**
 * The shopping cart (spec §4, §7), kept on the server per session so it works for guests too. The answer
 * is `{ cart: [...] }` without a data envelope, as the spec writes it; no cart reads as `[]`.
 */
export async function cartRoutes(app: FastifyInstance) {
  const db = app.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function findCart(request: FastifyRequest) {
    const owner = cartOwner(request);
    if (!owner) return null;
    const q = db.selectFrom('carts').selectAll();
    return 'user_id' in owner
      ? q.where('user_id', '=', owner.user_id).executeTakeFirst()
      : q.where('guest_token', '=', owner.guest_token).executeTakeFirst();
  }

  r.get('/cart/retrieve', { schema: { response: answers({ 200: CartResponse }) } }, async (request) => {
    const cart = await findCart(request);
    return { cart: cart ? (JSON.parse(cart.items) as unknown[]) : [] };
  });

  r.post(
    '/cart/store',
    { schema: { body: CartStoreBody, response: answers({ 200: CartResponse }, [419, 422]) } },
    async (request, reply) => {
      if (!request.user) await ensureSession(request, reply);
      const items = JSON.stringify(request.body.cart);
      const existing = await findCart(request);
      if (existing) {
        await db
          .updateTable('carts')
          .set({ items, updated_at: now() })
          .where('id', '=', existing.id)
          .execute();
      } else {
        const owner = cartOwner(request)!;
        await db
          .insertInto('carts')
          .values({
            user_id: 'user_id' in owner ? owner.user_id : null,
            guest_token: 'guest_token' in owner ? owner.guest_token : null,
            items,
            updated_at: now(),
          })
          .execute();
      }
      return { cart: request.body.cart };
    },
  );
}
