import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startHarness } from '../harness';
import { copyApp, installApp, PARTNER_APPS } from './partnerApp';
import { packSdk } from './tarballs';

/** The four servers the specs start, one port each, named before the API starts so the demo token allows them. */
export const SERVER_NAMES = ['nextStart', 'nextDev', 'vitePreview', 'viteDev'] as const;
export type ServerName = (typeof SERVER_NAMES)[number];

/**
 * Packs the SDK, installs it into copies of both partner apps outside the repo (in parallel, while the API
 * server starts with the demo data) and hands the addresses to the specs through the environment.
 */
export default async function globalSetup() {
  const started = Date.now();
  const workDir = mkdtempSync(join(tmpdir(), 'matnat-partners-'));
  const cleanUp = () => rmSync(workDir, { recursive: true, force: true });
  const tarballDir = join(workDir, 'tarballs');
  mkdirSync(tarballDir);
  const tarballs = packSdk(tarballDir);
  const ports = Object.fromEntries(await Promise.all(SERVER_NAMES.map(async (n) => [n, await freePort()])));
  const dirs = PARTNER_APPS.map((app) => copyApp(app, workDir, tarballs));

  const [harness, ...installs] = await Promise.allSettled([
    startHarness({ embedOrigins: SERVER_NAMES.map((n) => `http://127.0.0.1:${ports[n]}`) }),
    ...dirs.map(installApp),
  ]);
  const failed = [harness, ...installs].find((r) => r.status === 'rejected');
  if (harness.status === 'rejected' || failed) {
    if (harness.status === 'fulfilled') await harness.value.stop();
    cleanUp();
    throw (failed as PromiseRejectedResult).reason;
  }
  console.log(
    `partner test: packed, installed and API up in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const h = harness.value;
  process.env.MATNAT_API = h.api;
  process.env.MATNAT_TILES = h.tiles;
  process.env.MATNAT_TILE_URL = h.tileUrl;
  process.env.MATNAT_TOKEN = h.embedToken;
  process.env.MATNAT_PARTNER_PORTS = JSON.stringify(ports);
  process.env.MATNAT_PARTNER_DIRS = JSON.stringify(
    Object.fromEntries(PARTNER_APPS.map((a, i) => [a, dirs[i]])),
  );
  return async () => {
    await h.stop();
    cleanUp();
  };
}
