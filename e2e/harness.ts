// Starts everything the browser tests and the render benchmark need, on free loopback ports: the real API
// server (temp DATA_DIR, demo data), a static server for the examples on a second origin, and a tile
// server whose one 256 px PNG is generated here, so that no request ever leaves for a real tile server.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

export const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

export interface Harness {
  api: string;
  examples: string;
  tiles: string;
  tileUrl: string;
  /** The demo world's embed token (apps/api/src/seed/embedToken.ts), which the example pages carry. */
  embedToken: string;
  /** The panels the example pages show: a line chart ('Inlandet') and a single value. */
  panelIds: number[];
  /** The API server's DATA_DIR (its SQLite file is `matnat.sqlite` there). */
  dataDir: string;
  /** Tile requests served so far. */
  tileRequests(): number;
  stop(): Promise<void>;
}

/** Seeded with the demo world, documented in docs/embedding.md, and written into the example pages. */
export const DEMO_EMBED_TOKEN = 'mtn_demo_embed_token';
export const DEMO_PANEL_IDS = [5, 6];

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A 256×256 RGB PNG: a light land colour with a faint grid, so map screenshots show where tiles are. */
export function tilePng(): Buffer {
  const size = 256;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const grid = x % 64 === 0 || y % 64 === 0;
      const [r, g, b] = grid ? [205, 214, 208] : [232, 238, 230];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function listen(server: Server): Promise<string> {
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

export async function freePort(): Promise<number> {
  const server = createServer();
  const url = await listen(server);
  await new Promise((done) => server.close(done));
  return Number(new URL(url).port);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
};

/**
 * The example pages read from their own origin; served from the second origin they are pointed at the API
 * (as a partner's page names api.matnat.se), and their map tiles at the local tile server.
 */
function personalise(html: string, api: string, tileUrl: string): string {
  return html
    .replace(/(<matnat-[a-z-]+)(\s)/g, `$1 api-base="${api}"$2`)
    .replace(/(\sdata-matnat-[a-z-]+)(\s)/g, `$1 data-api-base="${api}"$2`)
    .replaceAll('https://tile.openstreetmap.org/{z}/{x}/{y}.png', tileUrl);
}

export async function waitFor(
  url: string,
  timeoutMs: number,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`API server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`API server not ready after ${timeoutMs} ms:\n${log()}`);
}

/**
 * The API server as a child process on `port` with demo data in `dataDir` (no simulator, cheap password
 * hashing); `env` adds to or overrides that (an `undefined` value unsets a variable). `stop` ends it and
 * removes the data.
 */
/** The API server of the checkout at `root` (this one unless given: a bench's A/B runs another's too). */
export function spawnApi(port: number, dataDir: string, env: NodeJS.ProcessEnv, root = repoRoot) {
  let log = '';
  const child = spawn(
    process.execPath,
    ['--conditions=@matnat/source', '--import', 'tsx', 'apps/api/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SIMULATE: 'false',
        LOG_LEVEL: 'warn',
        ARGON2_MEMORY_KIB: '8192',
        ARGON2_TIME_COST: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (d: Buffer) => {
    log = (log + d.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    log: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface HarnessOptions {
  /** More origins the demo embed token is accepted from (the partner apps' servers). */
  embedOrigins?: string[];
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'matnat-e2e-'));
  const apiPort = await freePort();
  const api = `http://127.0.0.1:${apiPort}`;
  // The examples' second origin is known before the API starts: the seed lets the demo token be used there.
  const examplesServer = createServer();
  const examples = await listen(examplesServer);
  const apiProcess = spawnApi(apiPort, dataDir, {
    DEMO_EMBED_ORIGINS: [examples, ...(options.embedOrigins ?? [])].join(','),
    // The examples are this server's front end; the reference app has a server of its own (webHarness.ts).
    FRONTEND_DIR: join(repoRoot, 'examples'),
  });
  const stopApi = async () => {
    await apiProcess.stop();
    examplesServer.close();
  };

  try {
    await waitFor(`${api}/api/v1/public/temperature-map`, 120_000, apiProcess.child, apiProcess.log);

    let tileCount = 0;
    const png = tilePng();
    const tiles = createServer((req, res) => {
      if (/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
        tileCount++;
        res.writeHead(200, {
          'content-type': 'image/png',
          'access-control-allow-origin': '*',
          'cache-control': 'no-store',
        });
        res.end(png);
      } else if (req.url === '/count') {
        res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify({ tiles: tileCount }));
      } else {
        res.writeHead(404).end();
      }
    });
    const tilesOrigin = await listen(tiles);

    // The example pages rely on the seeded demo token reading these panels: fail here, not in a test.
    for (const id of DEMO_PANEL_IDS) {
      const res = await fetch(`${api}/api/v1/panel/${id}`, {
        headers: { authorization: `Bearer ${DEMO_EMBED_TOKEN}`, origin: examples },
      });
      if (!res.ok) throw new Error(`demo embed token cannot read panel ${id}: ${res.status}`);
    }
    const tileUrl = `${tilesOrigin}/{z}/{x}/{y}.png`;
    const h = { api, tiles: tilesOrigin, tileUrl, embedToken: DEMO_EMBED_TOKEN, panelIds: DEMO_PANEL_IDS };
    const roots = ['/examples/', '/packages/react/dist/', '/e2e/bench/', '/e2e/fixtures/'];
    examplesServer.on('request', (req, res) => {
      const path = normalize(decodeURIComponent(new URL(req.url ?? '/', examples).pathname));
      const file = join(repoRoot, path.endsWith('/') ? `${path}index.html` : path);
      if (!roots.some((r) => path.startsWith(r)) || !file.startsWith(repoRoot) || !existsSync(file)) {
        res.writeHead(404).end('not found');
        return;
      }
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(type.startsWith('text/html') ? personalise(body.toString('utf8'), api, tileUrl) : body);
    });

    return {
      ...h,
      examples,
      dataDir,
      tileRequests: () => tileCount,
      async stop() {
        await Promise.all([new Promise((r) => tiles.close(r)), stopApi()]);
      },
    };
  } catch (error) {
    await stopApi();
    throw error;
  }
}
