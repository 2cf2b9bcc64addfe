import { describe, expect, it } from 'vitest';
import { ALLOWED_QUERY, buildQuery, disallowed, parseFilter, parseInclude, parseSort } from './query';

describe('list query conventions', () => {
  it('include=a,b.c', () => {
    expect(parseInclude('panels, user,panels')).toEqual(['panels', 'user']);
    expect(parseInclude(['sensors', 'teams,gateways'])).toEqual(['sensors', 'teams', 'gateways']);
    expect(parseInclude(undefined)).toEqual([]);
  });

  it('sort=title,-name (- descending)', () => {
    expect(parseSort('title,-name')).toEqual([
      { field: 'title', direction: 'asc' },
      { field: 'name', direction: 'desc' },
    ]);
  });

  it('filter[name]=value, flat or nested', () => {
    expect(parseFilter({ 'filter[unassigned]': 'true', include: 'x' })).toEqual({ unassigned: 'true' });
    expect(parseFilter({ filter: { team_id: '2' } })).toEqual({ team_id: '2' });
  });

  it('builds the query strings of spec §7', () => {
    expect(buildQuery({ include: ['conditionsCount'], sort: ['name'] })).toBe(
      'include=conditionsCount&sort=name',
    );
    expect(buildQuery({ include: ['user', 'panels'], sort: [{ field: 'title', direction: 'desc' }] })).toBe(
      'include=user,panels&sort=-title',
    );
    expect(buildQuery({ filter: { unassigned: true } })).toBe('filter[unassigned]=true');
    expect(buildQuery({})).toBe('');
  });

  it('names what an endpoint does not allow', () => {
    expect(disallowed(['sensors', 'owner'], ALLOWED_QUERY.device.include)).toEqual(['owner']);
  });

  it('spec §7 includes are allowed where the spec uses them', () => {
    expect(ALLOWED_QUERY.alert.include).toContain('conditionsCount');
    expect(ALLOWED_QUERY.alert.sort).toContain('name');
    expect(ALLOWED_QUERY.dashboard.include).toEqual(expect.arrayContaining(['user', 'panels']));
    expect(ALLOWED_QUERY.dashboard.include).toEqual(
      expect.arrayContaining([
        'panels.lineChartItems',
        'panels.singleValueItem.sensor',
        'panels.singleValueItem.device.sensors',
      ]),
    );
    expect(ALLOWED_QUERY.panel.include).toEqual(
      expect.arrayContaining(['lineChartItems.device.sensors', 'singleValueItem', 'device', 'sensor']),
    );
    expect(ALLOWED_QUERY.device.include).toEqual(['sensors', 'defaultSensor', 'gateways', 'teams']);
    expect(ALLOWED_QUERY.device.filter).toContain('unassigned');
    expect(ALLOWED_QUERY.user.include).toContain('teams');
  });
});
