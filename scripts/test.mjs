// The whole test suite, as CI runs it: install, build, typecheck, lint, package checks, sizes, tests.
// Every step runs even when an earlier one failed, so one run shows every failure; the exit code is
// non-zero if any step failed.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
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
  ['browser tests', ['run', 'test:browser', '--reporter=list,json'], 'coverage/browser-results.json'],
  ['partner apps', ['run', 'test:partners', '--reporter=list,json'], 'coverage/partner-results.json'],
];

const rootScripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;
const results = [];
for (const [name, args, playwrightJson] of steps) {
  if (args[0] === 'run' && !rootScripts[args[1]]) continue;
  console.log(`\n━━ ${name}: pnpm ${args.join(' ')}`);
  const started = Date.now();
  if (playwrightJson) rmSync(playwrightJson, { force: true });
  const env = playwrightJson
    ? { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: resolve(playwrightJson) }
    : process.env;
  const status = pnpm(args, { env });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (name === 'install' && status !== 0) break;
}

console.log('\n━━ summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);

// CI shows only the end of this output: name every failed test here, with the first line of its error.
const json = 'coverage/vitest-results.json';
if (existsSync(json)) {
  const v = JSON.parse(readFileSync(json, 'utf8'));
  console.log(`vitest: ${v.numPassedTests} passed, ${v.numFailedTests} failed`);
  for (const file of v.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed')
        console.log(`  ✘ ${file.name}: ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
    }
  }
}
for (const [name, , playwrightJson] of steps) {
  if (playwrightJson && existsSync(playwrightJson))
    reportPlaywright(name, JSON.parse(readFileSync(playwrightJson, 'utf8')));
}
const failed = results.filter((r) => !r.ok);
process.exit(failed.length ? 1 : 0);

function firstLine(text) {
  return (
    stripVTControlCharacters(String(text ?? ''))
      .split('\n')
      .find((l) => l.trim()) ?? ''
  );
}

function reportPlaywright(name, report) {
  const bad = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((r) => r.error)?.error?.message;
        bad.push(
          `  ${test.status === 'flaky' ? '~' : '✘'} ${spec.file}:${spec.line} ${spec.title} — ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  const s = report.stats ?? {};
  console.log(`${name}: ${s.expected ?? 0} passed, ${s.unexpected ?? 0} failed, ${s.flaky ?? 0} flaky`);
  for (const line of bad) console.log(line);
}
