import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loggerOptions } from './logging.js';

describe('loggerOptions', () => {
  it("writes production's request lines (no secrets in paths or queries, no headers) to a file when given one, as the API bench does", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matnat-log-'));
    try {
      const file = join(dir, 'api.log');
      const app = Fastify({ logger: loggerOptions('info', file) });
      app.get('/api/invite/:token', async () => ({}));
      await app.inject({
        url: '/api/invite/s3cret?email=anna%40matnat.se',
        headers: { cookie: 'session=x' },
      });
      await app.close();
      // pino writes the file asynchronously.
      const text = await vi.waitFor(() => {
        const written = readFileSync(file, 'utf8');
        if (!written.includes('"req"')) throw new Error('no request line yet');
        return written;
      });
      const lines = text.trim().split('\n');
      const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req);
      expect(requests).toEqual([
        expect.objectContaining({
          req: { method: 'GET', url: '/api/invite/…?email=…', remoteAddress: '127.0.0.1' },
        }),
      ]);
      expect(lines.join('\n')).not.toMatch(/s3cret|anna|session=x/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
