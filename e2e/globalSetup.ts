import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startHarness } from './harness';
import { startWebServer } from './webHarness';

/** Starts the servers and hands their addresses to the test workers through the environment. */
export default async function globalSetup() {
  if (!existsSync(join(repoRoot, 'packages/react/dist/embed/panel.js'))) {
    execFileSync('pnpm', ['--filter', '@matnat/react', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  }
  // The React example is tested as Vite builds it (into examples/react-embed/dist), as `npm start` serves it.
  execFileSync('pnpm', ['--filter', '@matnat/example-react-embed', 'build'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  // The reference app is tested as `npm start` serves it: built, from the API's origin.
  execFileSync('pnpm', ['--filter', '@matnat/web', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  const h = await startHarness();
  const web = await startWebServer().catch(async (error: unknown) => {
    await h.stop();
    throw error;
  });
  process.env.MATNAT_WEB = web.url;
  process.env.MATNAT_WEB_DATA = web.dataDir;
  process.env.MATNAT_API = h.api;
  process.env.MATNAT_EXAMPLES = h.examples;
  process.env.MATNAT_TILES = h.tiles;
  process.env.MATNAT_TOKEN = h.embedToken;
  process.env.MATNAT_PANEL_IDS = h.panelIds.join(',');
  return async () => {
    await Promise.all([h.stop(), web.stop()]);
  };
}
