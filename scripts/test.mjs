// The whole test suite, as CI runs it: install, build, typecheck, lint, package checks, sizes, tests.
// Every step runs even when an earlier one failed, so one run shows every failure; the exit code is
// non-zero if any step failed.
import { existsSync, readFileSync } from 'node:fs';
import { pnpm } from './pnpm.mjs';

const steps = [
  ['install', ['install', '--frozen-lockfile']],
  ['build', ['run', 'build']],
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['exec', 'biome', 'ci', '.']],
  ['import cycles', ['run', 'check:cycles']],
  ['package checks', ['run', 'check:packages']],
  ['bundle checks', ['run', 'check:bundles']],
  ['size', ['run', 'size']],
  [
    'unit and API tests',
    [
      'exec',
      'vitest',
      'run',
      '--coverage',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=coverage/vitest-results.json',
    ],
  ],
  // Two API processes behind nginx with TLS, one killed under load (docs/deploy.md): about 1.5 min.
  ['deployment', ['run', 'test:deploy']],
  ['browser tests', ['run', 'test:browser']],
  ['partner apps', ['run', 'test:partners']],
];

const rootScripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;
const results = [];
for (const [name, args] of steps) {
  if (args[0] === 'run' && !rootScripts[args[1]]) continue;
  console.log(`\n━━ ${name}: pnpm ${args.join(' ')}`);
  const started = Date.now();
  const status = pnpm(args);
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (name === 'install' && status !== 0) break;
}

console.log('\n━━ summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);

const json = 'coverage/vitest-results.json';
if (existsSync(json)) {
  const v = JSON.parse(readFileSync(json, 'utf8'));
  console.log(`vitest: ${v.numPassedTests} passed, ${v.numFailedTests} failed`);
}
const failed = results.filter((r) => !r.ok);
process.exit(failed.length ? 1 : 0);
