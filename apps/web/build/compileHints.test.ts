// @vitest-environment node
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { CHART_LIBRARY, COMPILE_HINT, compileHints } from './compileHints';

/** A Vite build of an entry that imports `lib.js` lazily, minified with source maps as the app's is. */
async function buildWithHints(): Promise<Rollup.OutputBundle[keyof Rollup.OutputBundle][]> {
  const root = mkdtempSync(join(tmpdir(), 'matnat-compile-hints-'));
  writeFileSync(join(root, 'entry.js'), "document.onclick = () => import('./lib.js');\n");
  writeFileSync(
    join(root, 'lib.js'),
    '/** A comment the minifier drops. */\nexport function paint(ctx) {\n  return ctx.fill(1);\n}\n',
  );
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [compileHints(/[\\/]lib\.js$/)],
    build: { write: false, sourcemap: true, minify: true, rollupOptions: { input: join(root, 'entry.js') } },
  })) as Rollup.RollupOutput;
  return output.output;
}

describe("Chrome's compile hint on the chart library's chunk (issue 22)", () => {
  it('is the first line of the chunks holding the chosen modules after minification, and of no other', async () => {
    const files = await buildWithHints();
    const chunks = files.filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
    const lib = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('lib.js')));
    const entry = chunks.find((chunk) => chunk.isEntry);
    expect(lib?.code.split('\n')[0]).toBe(COMPILE_HINT);
    expect(lib?.code).not.toContain('A comment the minifier drops');
    expect(entry?.code).not.toContain(COMPILE_HINT);
  });

  it("moves the chunk's source map down by the hint's line, in the written .map file too", async () => {
    const files = await buildWithHints();
    const lib = files.find(
      (file): file is Rollup.OutputChunk => file.type === 'chunk' && file.code.startsWith(COMPILE_HINT),
    );
    const mapFile = files.find((file) => file.fileName === `${lib?.fileName}.map`);
    const written = JSON.parse(String(mapFile?.type === 'asset' && mapFile.source)) as { mappings: string };
    // The hint's line maps to nothing; the code on the next line keeps its mappings.
    expect(written.mappings).toMatch(/^;[A-Za-z0-9+/]/);
    expect(lib?.map?.mappings).toBe(written.mappings);
  });

  it('matches the modules of lightweight-charts and its canvas helper by their ids as the build sees them', () => {
    // The build's module ids are real paths (pnpm's links resolved).
    const charts = realpathSync(
      new URL('../../../packages/react/node_modules/lightweight-charts', import.meta.url),
    );
    expect(join(charts, 'dist/lightweight-charts.production.mjs')).toMatch(CHART_LIBRARY);
    const canvas = realpathSync(join(charts, '../fancy-canvas'));
    expect(join(canvas, 'index.mjs')).toMatch(CHART_LIBRARY);
    expect(
      fileURLToPath(new URL('../../../packages/react/src/charts/chartRuntime.ts', import.meta.url)),
    ).not.toMatch(CHART_LIBRARY);
  });
});
