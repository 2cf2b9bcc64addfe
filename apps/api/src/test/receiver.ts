import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got, as it got it. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as the signature covers it. */
  body: string;
  /** When it arrived (epoch ms). */
  at: number;
}

/** How to answer the `n`th request (0-based) to `path`: a status, or hold the connection open. */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export interface Receiver {
  /** `http://127.0.0.1:<port>` */
  url: string;
  received: Received[];
  /** How the next requests are answered (by path); 200 unless set. */
  answer(path: string, plan: (n: number) => Answer): void;
  /** Resolves with the received requests once `count` have arrived at `path`, or rejects after `ms`. */
  waitFor(path: string, count: number, ms: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A real HTTP server on a free local port that records what it receives (a webhook receiver). */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const plans = new Map<string, (n: number) => Answer>();
  const counts = new Map<string, number>();
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const n = counts.get(path) ?? 0;
      counts.set(path, n + 1);
      const plan = plans.get(path)?.(n) ?? { status: 200 };
      if (plan === 'hang') {
        hanging.push(response);
        return;
      }
      response.writeHead(plan.status, { 'content-type': 'text/plain', ...plan.headers });
      response.end(plan.body ?? 'ok');
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(path, plan) {
      plans.set(path, plan);
    },
    async waitFor(path, count, ms) {
      const deadline = Date.now() + ms;
      for (;;) {
        const got = received.filter((r) => r.path === path);
        if (got.length >= count) return got;
        if (Date.now() > deadline)
          throw new Error(`receiver: ${got.length} of ${count} requests to ${path} within ${ms} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
    },
  };
}
