import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, sendOrLog } from './mailer.js';

describe('mailer without SMTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matnat-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('issue 3: writes each message to the data directory (.eml and .json); issue 23: the log names the file, never the links (secrets)', async () => {
    const logged: unknown[] = [];
    const logger = { info: (entry: unknown) => logged.push(entry) } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ smtpUrl: null, from: 'Mätnät <noreply@matnat.se>', dataDir, logger });
    await mailer.send({
      to: 'anna@matnat.se',
      subject: 'Återställ lösenord',
      text: 'Länk: https://x.se/a',
      links: ['https://x.se/a'],
    });
    mailer.close();

    const files = readdirSync(join(dataDir, 'mail')).sort();
    expect(files.map((f) => f.split('.').at(-1))).toEqual(['eml', 'json']);
    const eml = readFileSync(join(dataDir, 'mail', files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: anna@matnat.se');
    expect(eml).toMatch(/Subject: .+/);
    const json = JSON.parse(readFileSync(join(dataDir, 'mail', files[1] ?? ''), 'utf8'));
    expect(json).toMatchObject({ to: 'anna@matnat.se', links: ['https://x.se/a'] });
    expect(logged).toEqual([
      { to: 'anna@matnat.se', subject: 'Återställ lösenord', file: join(dataDir, 'mail', files[0] ?? '') },
    ]);
    expect(JSON.stringify(logged)).not.toContain('https://x.se/a');
    expect(mailer.sent).toHaveLength(1);
  });
});

describe('sendOrLog', () => {
  it('logs a failed delivery instead of failing the request', async () => {
    const errors: unknown[] = [];
    const logger = { error: (entry: unknown) => errors.push(entry) } as unknown as FastifyBaseLogger;
    const failing = {
      sent: [],
      close() {},
      async send() {
        throw new Error('SMTP down');
      },
    };
    expect(await sendOrLog(failing, logger, { to: 'a@b.se', subject: 'S', text: 'T' })).toBe(false);
    expect(errors).toEqual([expect.objectContaining({ to: 'a@b.se' })]);
  });
});
