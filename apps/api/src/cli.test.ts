import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from './auth/passwords.js';
import { COMMANDS } from './cli.js';
import { openDatabase } from './db/database.js';
import { matnatInProcess } from './test/cli.js';
import { createPostgresDatabase, POSTGRES_ADMIN_URL, testDialects } from './test/harness.js';
import { freePort } from './test/processes.js';

const dialects = await testDialects();

const matnat = matnatInProcess;

describe('matnat (issue 23 point 2)', () => {
  it('--help everywhere: the list of commands, and each command its usage', async () => {
    const all = await matnat(['--help']);
    expect(all.code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(all.out).toContain(`  ${name}`);
    for (const [name, command] of Object.entries(COMMANDS)) {
      const one = await matnat([name, '--help']);
      expect({ name, code: one.code }).toEqual({ name, code: 0 });
      expect(one.out).toContain(`Usage: matnat ${command.usage}`);
    }
    expect((await matnat([])).code).toBe(64);
    const unknown = await matnat(['frobnicate']);
    expect(unknown.code).toBe(64);
    expect(unknown.errLines[0]).toBe('matnat: unknown command "frobnicate"');
    const option = await matnat(['migrate', 'status', '--bogus']);
    expect(option.code).toBe(64);
    expect(option.errLines).toEqual(["matnat: Unknown option '--bogus'. (see matnat migrate --help)"]);
  });

  it('bad configuration exits 78 with one line per setting, naming it; serve refuses to start', async () => {
    for (const command of ['config:check', 'serve', 'migrate']) {
      const args = command === 'migrate' ? [command, 'status'] : [command];
      const bad = await matnat(args, { PORT: 'http', SEED_DEMO: 'sometimes' });
      expect({ command, code: bad.code, lines: bad.errLines }).toEqual({
        command,
        code: 78,
        lines: [
          'matnat: PORT: "http" is not a whole number from 0 to 65535',
          'matnat: SEED_DEMO: "sometimes" is not true or false (true/false, 1/0, yes/no, on/off)',
        ],
      });
    }
    const production = await matnat(['serve'], { NODE_ENV: 'production' });
    expect(production.code).toBe(78);
    expect(production.errLines).toEqual([
      'matnat: APP_KEY: must be set when NODE_ENV=production (several processes must share one key)',
    ]);
  });

  it('an unreachable database or broker exits 1 with one line naming the setting, without its password', async () => {
    const closed = await freePort();
    const db = await matnat(['serve'], {
      DATABASE_URL: `postgres://matnat:s3cret-pw@127.0.0.1:${closed}/matnat`,
    });
    expect(db.code).toBe(1);
    expect(db.errLines).toEqual([
      `matnat: DATABASE_URL: PostgreSQL at postgres://127.0.0.1:${closed}/matnat does not answer (ECONNREFUSED)`,
    ]);
    const dataDir = mkdtempSync(join(tmpdir(), 'matnat-cli-'));
    try {
      const broker = await matnat(['config:check'], {
        DATA_DIR: dataDir,
        MQTT_URL: `mqtt://u:pw@127.0.0.1:${closed}`,
      });
      expect(broker.code).toBe(1);
      expect(broker.errLines).toEqual([
        `matnat: MQTT_URL: broker at mqtt://127.0.0.1:${closed} does not answer (ECONNREFUSED)`,
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(dialects)('matnat on %s (issue 23 point 2)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matnat-cli-'));
  let env: NodeJS.ProcessEnv = {};
  let drop = async () => {};
  beforeAll(async () => {
    env = { DATA_DIR: dataDir };
    if (dialect === 'postgres') {
      const database = await createPostgresDatabase();
      env.DATABASE_URL = database.url;
      drop = database.drop;
    }
  });
  afterAll(async () => {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrate status lists what is pending, migrate up runs it, then the schema is current', async () => {
    const before = await matnat(['migrate', 'status'], env);
    expect(before.code).toBe(0);
    expect(before.out).toMatch(/^pending {2}0001_auth$/m);
    expect(before.out).toMatch(/\d+ pending: run matnat migrate up$/m);
    const up = await matnat(['migrate', 'up'], env);
    expect(up.code).toBe(0);
    expect(up.out).toMatch(/^applied {2}0001_auth$/m);
    const after = await matnat(['migrate', 'status'], env);
    expect(after.out).toMatch(/^applied {2}0001_auth {2}\d{4}-\d\d-\d\dT/m);
    expect(after.out.trim().split('\n').at(-1)).toBe('the schema is current');
    expect((await matnat(['migrate', 'up'], env)).out).toContain('nothing to do');
  });

  it('user:create makes an admin whose password works; a taken address or a bad one is refused', async () => {
    const made = await matnat(
      ['user:create', 'Drift@Example.se', '--name', 'Drift', '--admin', '--password-stdin'],
      env,
      'ett-långt-lösenord\n',
    );
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/^created user \d+ drift@example\.se \(admin\)$/m);
    const database = openDatabase({ dataDir, databaseUrl: env.DATABASE_URL ?? null });
    try {
      const user = await database.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'drift@example.se')
        .executeTakeFirstOrThrow();
      expect(Number(user.is_admin)).toBe(1);
      expect(await verifyPassword(user.password_hash, 'ett-långt-lösenord')).toBe(true);
    } finally {
      await database.close();
    }
    const again = await matnat(
      ['user:create', 'drift@example.se', '--name', 'X', '--password-stdin'],
      env,
      'lösenord-2\n',
    );
    expect(again.code).toBe(1);
    expect(again.errLines).toEqual(['matnat: drift@example.se already has an account']);
    const bad = await matnat(['user:create', 'inte-en-adress', '--name', 'X'], env);
    expect(bad.code).toBe(64);
    expect(bad.errLines[0]).toMatch(/^matnat: EMAIL: /);
    const generated = await matnat(['user:create', 'ny.drift@example.se', '--name', 'Ny'], env);
    expect(generated.code).toBe(0);
    expect(generated.out).toMatch(/^password: \S{24} {2}\(shown once/m);
  });

  it('seed --demo refuses a database that has users; config:check passes on a working setup', async () => {
    const seeded = await matnat(['seed', '--demo'], env);
    expect(seeded.code).toBe(1);
    expect(seeded.errLines).toEqual([
      'matnat: the database already has users: the demo world is only seeded into an empty one',
    ]);
    expect((await matnat(['seed'], env)).code).toBe(64);
    const check = await matnat(['config:check'], env);
    expect(check.code).toBe(0);
    expect(check.out).toMatch(/^migrations +current$/m);
    expect(check.out.trim().split('\n').at(-1)).toBe('ok');
    if (dialect === 'postgres') {
      expect(check.out).toContain(new URL(POSTGRES_ADMIN_URL).host);
      const noTools = await matnat(['config:check'], {
        ...env,
        BACKUP_DIR: join(dataDir, 'b'),
        PATH: '/nonexistent',
      });
      expect(noTools.code).toBe(1);
      expect(noTools.errLines).toEqual([
        'matnat: BACKUP_DIR: backups of PostgreSQL need pg_dump: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)',
      ]);
    }
  });
});

describe('matnat seed --demo (issue 23 point 2)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matnat-seed-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // The command's glue is the same on both databases; seeding itself is tested on both in seed.test.ts.
  it('seeds DESIGN §2 demo world into an empty database and mails the invite of ny@matnat.se', async () => {
    const seeded = await matnat(['seed', '--demo'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    expect(seeded.code).toBe(0);
    expect(seeded.out).toMatch(/^seeded the demo world: \d+ devices, \d+ sensors$/m);
    const database = openDatabase({ dataDir, databaseUrl: null });
    try {
      const users = await database.db.selectFrom('users').select('email').orderBy('email').execute();
      expect(users.map((u) => u.email)).toEqual([
        'admin@matnat.se',
        'anna@matnat.se',
        'erik@matnat.se',
        'ny@matnat.se',
      ]);
    } finally {
      await database.close();
    }
    const mails = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.json'));
    const invite = JSON.parse(readFileSync(join(dataDir, 'mail', mails[0]!), 'utf8'));
    expect(invite).toMatchObject({ to: 'ny@matnat.se', links: [expect.stringMatching(/\/invite\?token=/)] });
  }, 90_000);
});
