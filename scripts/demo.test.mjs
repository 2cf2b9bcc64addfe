import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoInviteLink, serveDemo, startBanner } from './demo.mjs';

const folders = [];
function dataFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'matnat-start-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function mail(dir, name, fields) {
  mkdirSync(join(dir, 'mail'), { recursive: true });
  writeFileSync(join(dir, 'mail', name), JSON.stringify(fields));
}

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

describe("npm start's note of the demo invitation (issue 21 point 7)", () => {
  it("is the link of the newest invitation mailed to ny@matnat.se, not another mail's", () => {
    const dir = dataFolder();
    const link = (t) => `http://localhost:3000/invite?token=${t}`;
    mail(dir, 'a.json', { to: 'ny@matnat.se', sentAt: '2026-01-01T10:00:00Z', links: [link('old')] });
    mail(dir, 'b.json', { to: 'ny@matnat.se', sentAt: '2026-01-02T10:00:00Z', links: [link('new')] });
    mail(dir, 'c.json', {
      to: 'anna@matnat.se',
      sentAt: '2026-01-03T10:00:00Z',
      links: ['http://localhost:3000/password/reset/x'],
    });
    expect(demoInviteLink(dir)).toBe(link('new'));
    expect(startBanner('http://localhost:3000', link('new'))).toContain(
      `Invitation of ny@matnat.se (open it to choose a password; it works once): ${link('new')}`,
    );
  });

  it('says there is none when no invitation was mailed to the data folder', () => {
    expect(demoInviteLink(dataFolder())).toBeNull();
    expect(startBanner('http://localhost:3000', null)).toContain('No invitation of ny@matnat.se');
  });

  it('is printed by the built server started as npm start starts it, after its ready line, and the link opens the invite', async () => {
    const dir = dataFolder();
    const port = await freePort();
    const env = { ...process.env, PORT: String(port), DATA_DIR: dir, APP_URL: `http://127.0.0.1:${port}` };
    delete env.DATABASE_URL;
    delete env.MQTT_URL;
    delete env.NODE_ENV;
    let output = '';
    const out = {
      write: (text) => {
        output += text;
      },
    };
    const server = serveDemo({ env, out });
    const exited = new Promise((done) => server.on('exit', done));
    try {
      await expect.poll(() => output, { timeout: 110_000, interval: 200 }).toContain('Mätnät is running');
      const link = output.match(/Invitation of ny@matnat\.se [^:]+: (\S+)/)?.[1];
      expect(link).toBe(demoInviteLink(dir));
      expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/invite\\?token=[\\w-]`));
      expect(output.indexOf('"msg":"Mätnät API ready"')).toBeLessThan(output.indexOf('Mätnät is running'));
      const token = new URL(link).searchParams.get('token');
      // The token is the pending invitation's: the server knows it.
      const answer = await fetch(`http://127.0.0.1:${port}/api/invite/${token}`);
      expect(answer.status).toBe(200);
      expect((await answer.json()).data.email).toBe('ny@matnat.se');
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});
