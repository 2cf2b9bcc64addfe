import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { parseListQuery } from './query.js';

const allowed = {
  include: ['panels.lineChartItems', 'user'],
  sort: ['title', 'name'],
  filter: ['unassigned'],
  defaultSort: [{ field: 'title', direction: 'asc' }] as const,
};

function rejection(query: Record<string, unknown>): HttpError {
  try {
    parseListQuery(query, allowed);
  } catch (error) {
    if (error instanceof HttpError) return error;
  }
  throw new Error('not rejected');
}

describe('parseListQuery (DESIGN §2 query conventions)', () => {
  it('DESIGN §2: include=a,b.c, sort=title,-name (- descending), filter[name]=value', () => {
    const query = parseListQuery(
      { include: 'user,panels.lineChartItems', sort: 'title,-name', 'filter[unassigned]': '1' },
      allowed,
    );
    expect([...query.include].sort()).toEqual(['panels', 'panels.lineChartItems', 'user']);
    expect(query.sort).toEqual([
      { field: 'title', direction: 'asc' },
      { field: 'name', direction: 'desc' },
    ]);
    expect(query.filter).toEqual({ unassigned: '1' });
  });

  it('a nested include allows its prefixes; the default sort applies when none is asked for', () => {
    const query = parseListQuery({ include: 'panels' }, allowed);
    expect([...query.include]).toEqual(['panels']);
    expect(query.sort).toEqual([{ field: 'title', direction: 'asc' }]);
  });

  it('nested filter objects (qs style) are read too', () => {
    expect(parseListQuery({ filter: { unassigned: 'true' } }, allowed).filter).toEqual({
      unassigned: 'true',
    });
  });

  it('DESIGN §2: a disallowed include, sort or filter is a 400 naming the allowed ones', () => {
    const include = rejection({ include: 'secrets' });
    expect(include.statusCode).toBe(400);
    expect(include.message).toContain('panels.lineChartItems, user');
    expect(include.extra).toEqual({ parameter: 'include', allowed: ['panels.lineChartItems', 'user'] });
    expect(rejection({ sort: '-password' }).extra).toEqual({ parameter: 'sort', allowed: ['title', 'name'] });
    expect(rejection({ 'filter[team]': '2' }).extra).toEqual({
      parameter: 'filter',
      allowed: ['unassigned'],
    });
    expect(rejection({ filter: 'x' }).statusCode).toBe(400);
  });

  it('repeated parameters are joined; blanks are ignored', () => {
    const query = parseListQuery({ include: ['user', 'panels'], sort: ' , title' }, allowed);
    expect([...query.include]).toEqual(['user', 'panels']);
    expect(query.sort).toEqual([{ field: 'title', direction: 'asc' }]);
  });
});
