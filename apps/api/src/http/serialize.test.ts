import { Dashboard } from '@matnat/contract';
import { describe, expect, it } from 'vitest';
import { dataOf } from './answers.js';
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
});
