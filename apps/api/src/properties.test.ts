import { IdParam, MAX_ID, parseEmbedScope, parseId, RANGE_SLUGS, resolveRange } from '@matnat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http/errors.js';
import { parseListQuery } from './http/query.js';
import { isStorableText, unstorableTextPath } from './http/text.js';

/** Issue 12: the property layer under the fuzz matrix — id parsing, stored text, the query parser, ranges. */

const aliasOf = (n: number) =>
  fc.constantFrom(
    `0x${n.toString(16)}`,
    ` ${n}`,
    `${n} `,
    `${n}.0`,
    `${n}e0`,
    `+${n}`,
    `0${n}`,
    `-${n}`,
    `${n}\u0000`,
    `%20${n}`,
  );

describe('issue 12: ids have one spelling', () => {
  it('every string parseId accepts is the canonical decimal of an id within 1…2³¹−1', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9]{1,12}$/)), (text) => {
        const id = parseId(text);
        if (id === null) return;
        expect(String(id)).toBe(text);
        expect(id).toBeGreaterThanOrEqual(1);
        expect(id).toBeLessThanOrEqual(MAX_ID);
      }),
    );
  });

  it('every id in range round-trips; its aliases and ids beyond the range never parse', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_ID }), (n) => {
        expect(parseId(String(n))).toBe(n);
        expect(IdParam.safeParse(String(n)).data).toBe(n);
        expect(parseEmbedScope(`device:${n}`)).toEqual({ kind: 'device', id: n });
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_ID }).chain(aliasOf),
        fc.bigInt({ min: BigInt(MAX_ID) + 1n, max: 10n ** 30n }),
        (alias, big) => {
          expect(parseId(alias)).toBeNull();
          expect(IdParam.safeParse(alias).success).toBe(false);
          expect(parseId(String(big))).toBeNull();
          expect(parseEmbedScope(`panel:${big}`)).toBeNull();
        },
      ),
    );
  });
});

describe('issue 12: text is stored the same on both databases', () => {
  it('well-formed text without NUL is storable; one NUL or lone surrogate anywhere makes it not', () => {
    const lone = fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string(), lone, (good, prefix, bad) => {
        const clean = good.replaceAll('\u0000', '');
        expect(isStorableText(clean)).toBe(true);
        // A lone high surrogate right before a low one would pair up: keep them apart with a letter.
        const dirty = `${prefix.replace(/[\ud800-\udfff]/g, '').replaceAll('\u0000', '')}x${bad}x${clean}`;
        expect(isStorableText(dirty)).toBe(false);
        expect(unstorableTextPath({ a: [{ b: dirty }] })).toBe('a.0.b');
      }),
    );
  });
});

describe('issue 12: the list query parser answers 400 or a query within what the route allows', () => {
  const allowed = {
    include: ['panels', 'panels.items', 'user'],
    sort: ['title', 'created_at'],
    filter: ['title', 'team_id'],
  };
  const key = fc.oneof(
    fc.constantFrom('include', 'sort', 'filter', 'filter[title]', 'filter[x]', 'page'),
    fc.string({ maxLength: 12 }),
  );
  // What Fastify's query-string parser can produce: a text, or a list of texts for a repeated key.
  const value = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('panels,user', '-title,created_at', 'panels.items', 'x.y', ',,'),
    fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
  );

  it('never throws anything but a 400, and never lets through an include, sort or filter not allowed', () => {
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 5 }), (query) => {
        let parsed: ReturnType<typeof parseListQuery>;
        try {
          parsed = parseListQuery(query, allowed);
        } catch (error) {
          expect(error).toBeInstanceOf(HttpError);
          expect((error as HttpError).statusCode).toBe(400);
          return;
        }
        const includes = new Set(
          allowed.include.flatMap((p) => p.split('.').map((_, i, a) => a.slice(0, i + 1).join('.'))),
        );
        for (const name of parsed.include) expect(includes.has(name)).toBe(true);
        for (const s of parsed.sort) expect(allowed.sort).toContain(s.field);
        for (const name of Object.keys(parsed.filter)) expect(allowed.filter).toContain(name);
      }),
    );
  });
});

describe('issue 12: the range rule', () => {
  it('every range slug resolves, at any instant of 1990–2100, to a non-empty range [from, to) that contains now or ends by it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RANGE_SLUGS),
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }),
        (slug, now) => {
          const { from, to } = resolveRange(slug, now);
          expect(Number.isFinite(from) && Number.isFinite(to)).toBe(true);
          expect(from).toBeLessThan(to);
          if (
            slug.startsWith('prev_') &&
            slug !== 'prev_week' &&
            slug !== 'prev_month' &&
            slug !== 'prev_year'
          )
            expect(to).toBe(now);
          else if (slug.startsWith('this_')) expect(from <= now && now < to).toBe(true);
          else expect(to).toBeLessThanOrEqual(now);
        },
      ),
    );
  });
});
