import { Dashboard } from '@matnat/contract';
import { describe, expect, it } from 'vitest';
import { answers, dataOf } from './answers.js';
import { AnswerDriftError, contractSerializer } from './serialize.js';

const stamp = { created_at: '2026-11-27T10:00:00.000Z', updated_at: '2026-11-27T10:00:00.000Z' };
const board = { id: 1, title: 'Växthus', is_favorite: false, user_id: 1, ...stamp, panels: [] };

describe('issue 25: answers shaped by the contract', () => {
  it('serializes what the contract names, like JSON.stringify of the parsed answer', () => {
    const serialize = contractSerializer(dataOf(Dashboard), true);
    expect(JSON.parse(serialize({ data: board }))).toEqual({ data: board });
  });

  it('a field the contract does not name never leaves the server', () => {
    const serialize = contractSerializer(dataOf(Dashboard), false);
    expect(JSON.parse(serialize({ data: { ...board, password_hash: 'x' } }))).toEqual({ data: board });
  });

  it('under the test runner an answer that drifts from the contract fails', () => {
    const serialize = contractSerializer(dataOf(Dashboard), true);
    expect(() => serialize({ data: { ...board, title: 12 } })).toThrow(AnswerDriftError);
    expect(() => serialize({ data: { ...board, is_favorite: undefined } })).toThrow(AnswerDriftError);
  });

  it('a 400 is shaped as a bad include/sort/filter (naming the allowed ones) or as a bad filter value', () => {
    const serialize = contractSerializer(answers({}, [400])[400]!, true);
    const badQuery = { message: 'x', parameter: 'include', allowed: ['panels'] };
    expect(JSON.parse(serialize(badQuery))).toEqual(badQuery);
    expect(JSON.parse(serialize({ message: 'Ogiltigt id' }))).toEqual({ message: 'Ogiltigt id' });
    expect(() => serialize({ error: 'x' })).toThrow(AnswerDriftError);
  });

  it('a nullable object (an item whose device left the team) is null or the whole object, without anyOf', () => {
    const serialize = contractSerializer(dataOf(Dashboard), true);
    const sensor = { id: 3, device_id: 2, name: 'T', type: 'temperature', unit: '°C' };
    const item = { id: 1, panel_id: 1, sensor_id: 3, device_id: 2, color: null };
    const panel = {
      id: 1,
      dashboard_id: 1,
      type: 'line_chart',
      title: null,
      position: 0,
      thresholds: [],
      width: 6,
      height: 3,
      ...stamp,
    };
    const withItems = (items: unknown[]) => ({
      data: { ...board, panels: [{ ...panel, lineChartItems: items }] },
    });
    const answer = withItems([
      { ...item, sensor: null, device: null },
      { ...item, id: 2, sensor },
    ]);
    expect(JSON.parse(serialize(answer))).toEqual(answer);
  });
});
