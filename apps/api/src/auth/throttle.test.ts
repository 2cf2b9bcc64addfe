import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialects } from '../test/harness.js';
import { Throttle } from './throttle.js';

const dialects = await testDialects();

describe.each(dialects)('Throttle in the database (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, accounts: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts first: maxAttempts attempts per window pass, the next is 429 with the seconds to wait', async () => {
    let now = 1_000_000;
    const throttle = new Throttle(t.db, () => now);
    const limit = { maxAttempts: 2, decaySeconds: 60 };
    await throttle.attempt('k', limit);
    await throttle.attempt('k', limit);
    now += 15_000;
    await expect(throttle.attempt('k', limit)).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'retry-after': '45' },
    });
    now += 45_000;
    await expect(throttle.attempt('k', limit)).resolves.toBeUndefined();
  });

  it('issue 12 finding 1: 30 parallel attempts on one key let exactly maxAttempts through', async () => {
    const throttle = new Throttle(t.db);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => throttle.attempt('burst', { maxAttempts: 5, decaySeconds: 60 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  });

  it('keys are independent; clear() forgets a key and prune() drops ended windows', async () => {
    let now = 5_000_000;
    const throttle = new Throttle(t.db, () => now);
    await throttle.hit('a', 60);
    expect((await throttle.hit('a', 60)).hits).toBe(2);
    expect((await throttle.hit('b', 60)).hits).toBe(1);
    await throttle.clear('a');
    expect((await throttle.hit('a', 60)).hits).toBe(1);
    now += 3_600_000;
    await throttle.prune();
    const left = await t.db
      .selectFrom('throttle_hits')
      .select('key')
      .where('key', 'in', ['a', 'b'])
      .execute();
    expect(left).toEqual([]);
  });
});
