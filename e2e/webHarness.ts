// The API server as `npm start` runs it: the built reference app (apps/web/dist) at /, the examples under
// /examples/, demo data on a throw-away SQLite file. A second server beside the one of harness.ts, whose
// front end is the examples directory.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnApi, waitFor } from './harness';

export interface WebServer {
  url: string;
  /** The server's data directory: mail goes to `<dataDir>/mail` (one .json per message, with its links). */
  dataDir: string;
  stop(): Promise<void>;
}

/** The server of this checkout, or of the checkout at `root` with its own build (a bench's A/B). */
export async function startWebServer(root?: string): Promise<WebServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'matnat-web-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // No FRONTEND_DIR: the server picks apps/web/dist, as under `npm start`. The webhook journey's receiver
  // listens on this machine: the operator's allowance of that one internal address (WEBHOOK_ALLOW_PRIVATE).
  const api = spawnApi(
    port,
    dataDir,
    { APP_URL: url, FRONTEND_DIR: undefined, WEBHOOK_ALLOW_PRIVATE: '127.0.0.1' },
    root,
  );
  try {
    await waitFor(`${url}/index.html`, 120_000, api.child, api.log);
  } catch (error) {
    await api.stop();
    throw error;
  }
  return { url, dataDir, stop: api.stop };
}
