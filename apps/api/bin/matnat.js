#!/usr/bin/env node
// `matnat`: the operator command of the built server (plain JavaScript, no TypeScript at run time).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('matnat: the server is not built yet: run `npm run build` in the repository first');
  process.exit(1);
}
const { runCli } = await import(cli.href);
process.exit(await runCli(process.argv.slice(2)));
