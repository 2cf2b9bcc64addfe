// @vitest-environment node
// Installs the packed tarballs of contract, core and react into a fresh project, as a partner would get
// them from the registry, and imports every entry of @matnat/react both as ESM and as CommonJS.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../../..');
const packages = ['contract', 'core', 'react'];
const work = mkdtempSync(join(tmpdir(), 'matnat-pack-'));

function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 240_000,
  });
}

describe('packed tarballs', () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('install into a fresh project, and every entry of @matnat/react imports as ESM and as CommonJS', () => {
    const tarballs: string[] = [];
    for (const name of packages) {
      const dir = join(repoRoot, 'packages', name);
      if (!existsSync(join(dir, 'dist'))) run('pnpm', ['run', 'build'], dir);
      run('pnpm', ['pack', '--pack-destination', work], dir);
    }
    for (const file of readdirSync(work)) if (file.endsWith('.tgz')) tarballs.push(`./${file}`);
    expect(tarballs).toHaveLength(3);
    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'partner-app', private: true, version: '1.0.0' }),
    );
    run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        ...tarballs.map((t) => `.${t}`),
        'react@19',
        'react-dom@19',
      ],
      app,
    );

    const esm = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const r = await import('@matnat/react'); const e = await import('@matnat/react/elements');
         console.log(JSON.stringify({ panel: typeof r.LineChartPanel, map: typeof r.TemperatureMap, define: typeof e.defineMatnatElements }));`,
      ],
      app,
    );
    expect(JSON.parse(esm)).toEqual({ panel: 'function', map: 'function', define: 'function' });

    const cjs = run(
      process.execPath,
      [
        '-e',
        `const r = require('@matnat/react'); const e = require('@matnat/react/elements');
         console.log(JSON.stringify({ panel: typeof r.LineChartPanel, map: typeof r.TemperatureMap, define: typeof e.defineMatnatElements }));`,
      ],
      app,
    );
    expect(JSON.parse(cjs)).toEqual({ panel: 'function', map: 'function', define: 'function' });

    // The script-tag builds ship in the tarball too.
    const installed = join(app, 'node_modules/@matnat/react');
    expect(existsSync(join(installed, 'dist/embed/temperature-map.js'))).toBe(true);
    expect(existsSync(join(installed, 'dist/embed/panel.js'))).toBe(true);

    // The entries that need a client are client components for React Server Components hosts (Next.js).
    for (const entry of ['index.js', 'index.cjs', 'elements.js', 'elements.cjs']) {
      expect(readFileSync(join(installed, 'dist', entry), 'utf8').trimStart(), entry).toMatch(
        /^['"]use client['"];/,
      );
    }
    // What a partner runs, no more: no sources, source maps or build metafiles.
    const shipped = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? shipped(join(dir, e.name)).map((f) => `${e.name}/${f}`) : [e.name],
      );
    const files = shipped(installed);
    expect(files.filter((f) => f.startsWith('src/') || f.endsWith('.map') || f.includes('metafile'))).toEqual(
      [],
    );
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
  }, 300_000);
});
