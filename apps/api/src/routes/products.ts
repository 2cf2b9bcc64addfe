import { ALLOWED_QUERY, CURRENCY, IdParams, Product } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { ProductsTable } from '../db/tables/resources.js';
import { answers, dataOf } from '../http/answers.js';
import { bool, data } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import { parseListQuery, type SortField } from '../http/query.js';
import type { ZodTypeProvider } from '../http/zod.js';

const ALLOWED = {
  ...ALLOWED_QUERY.product,
  defaultSort: [{ field: 'name', direction: 'asc' }] as SortField[],
};

export function productJson(p: Selectable<ProductsTable>): Product {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    price_ore: p.price_ore,
    currency: CURRENCY,
    image_url: p.image_url,
    in_stock: bool(p.in_stock),
  };
}

/** The shop's products: readable by guests (spec §6). */
export async function productRoutes(app: FastifyInstance) {
  const db = app.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/product',
    { schema: { response: answers({ 200: dataOf(z.array(Product)) }, [400]) } },
    async (request) => {
      const query = parseListQuery(request.query, ALLOWED);
      let q = db.selectFrom('products').selectAll();
      if (query.filter.in_stock !== undefined) {
        q = q.where('in_stock', '=', ['1', 'true'].includes(query.filter.in_stock) ? 1 : 0);
      }
      for (const s of query.sort) q = q.orderBy(s.field as 'name' | 'price_ore', s.direction);
      return data((await q.orderBy('id').execute()).map(productJson));
    },
  );

  r.get(
    '/api/v1/product/:id',
    { schema: { params: IdParams, response: answers({ 200: dataOf(Product) }, [404]) } },
    async (request) => {
      const row = await db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      return data(productJson(row));
    },
  );
}
