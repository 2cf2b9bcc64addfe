import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialects } from './harness.js';
import { changedTables, tableHashes } from './tableHash.js';

const dialects = await testDialects();

describe.each(dialects)('tableHashes, the fuzz suite’s witness (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is stable when nothing changes, and names exactly the table a write, an update or a delete touched', async () => {
    const first = await tableHashes(t.db);
    expect(changedTables(first, await tableHashes(t.db))).toEqual([]);
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['users', 'teams', 'measurements', 'sessions']),
    );
    expect(Object.keys(first)).not.toContain('throttle_hits');

    await t.db
      .insertInto('teams')
      .values({ name: 'Nytt team', created_at: new Date().toISOString() })
      .execute();
    const inserted = await tableHashes(t.db);
    expect(changedTables(first, inserted)).toEqual(['read_version', 'teams']);

    await t.db.updateTable('users').set({ name: 'Anna A' }).where('email', '=', 'anna@matnat.se').execute();
    const updated = await tableHashes(t.db);
    expect(changedTables(inserted, updated)).toEqual(['read_version', 'users']);

    await t.db.deleteFrom('teams').where('name', '=', 'Nytt team').execute();
    expect(changedTables(updated, await tableHashes(t.db))).toEqual(['read_version', 'teams']);
  });
});
