// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, parseAst, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { type ModuleFacts, moduleFacts, neededModules, startChunks, startGroup } from './startChunks';

/** Facts of a module from its source, its specifiers taken as module ids. */
const facts = (source: string) => moduleFacts(parseAst(source) as never, (spec) => spec);
const graph = (modules: Record<string, string>) =>
  new Map<string, ModuleFacts>(Object.entries(modules).map(([id, source]) => [id, facts(source)]));
/** The modules `main` needs among `modules`, sorted. */
const neededByMain = (modules: Record<string, string>) => [...neededModules('main', graph(modules))].sort();

describe("the start's modules, followed binding by binding (issue 22)", () => {
  it("reads a module's imports, re-exports, `export *` and own exports", () => {
    expect(
      facts(
        [
          "import a, { b as c } from 'x';",
          "import * as ns from 'y';",
          "import 'z.css';",
          'export { c as see, local };',
          "export { d } from 'w';",
          "export * from 'v';",
          "export * as all from 'u';",
          'export const local = 1, { e, f: [g] } = ns;',
          'export function h() {}',
          'export default a;',
        ].join('\n'),
      ),
    ).toEqual({
      imports: [
        { from: 'x', names: ['default', 'b'] },
        { from: 'y', names: '*' },
        { from: 'z.css', names: [] },
      ],
      reexports: {
        see: { from: 'x', name: 'b' },
        d: { from: 'w', name: 'd' },
        all: { from: 'u', name: '*' },
      },
      stars: ['v'],
      locals: ['local', 'local', 'e', 'g', 'h', 'default'],
    });
  });

  it("needs the module declaring an imported name, not everything the package's index re-exports", () => {
    expect(
      neededByMain({
        main: "import { Provider } from 'index';",
        index: "export { Provider } from 'provider'; export { Shop } from 'shop'; export * from 'charts';",
        provider: "import { client } from 'core'; export const Provider = client;",
        core: 'export const client = 1;',
        shop: "import 'big-library'; export const Shop = 2;",
        charts: 'export const Chart = 3;',
      }),
    ).toEqual(['core', 'main', 'provider']);
  });

  it('finds a name behind `export *`, and takes a whole module for a namespace import', () => {
    const modules = {
      main: "import { Chart } from 'index'; import * as kit from 'kit';",
      index: "export * from 'shop'; export * from 'charts';",
      shop: 'export const Shop = 1;',
      charts: 'export const Chart = 2;',
      kit: "export { Button } from 'button'; export * from 'field';",
      button: 'export const Button = 3;',
      field: 'export const Field = 4;',
    };
    expect(neededByMain(modules)).toEqual(['button', 'charts', 'field', 'kit', 'main']);
  });

  it("takes a passing-on module's own effects (a stylesheet) with the name it passes on", () => {
    expect(
      neededByMain({
        main: "import { Map } from 'maps';",
        maps: "import 'leaflet.css'; export { Map } from 'map';",
        map: 'export const Map = 1;',
      }),
    ).toEqual(['leaflet.css', 'main', 'map']);
  });

  it('needs a module it has no facts of whole (a library it could not read), and stops at cycles', () => {
    expect(
      neededByMain({
        main: "import { a } from 'one'; import { x } from 'opaque';",
        one: "import { main } from 'main'; export const a = main;",
      }),
    ).toEqual(['main', 'one', 'opaque']);
  });

  it("puts the libraries' modules (and the bundler's helpers) apart from the app's and SDK's own", () => {
    expect(startGroup('/repo/node_modules/.pnpm/preact@10/node_modules/preact/dist/preact.module.js')).toBe(
      'start-libs',
    );
    expect(startGroup('\0vite/preload-helper.js')).toBe('start-libs');
    expect(startGroup('/repo/packages/core/src/session.ts')).toBe('start');
  });
});

/** A Vite build of an app shaped like ours: an entry with a top-level await, a package index, a lazy screen. */
async function buildApp(): Promise<Rollup.OutputChunk[]> {
  const root = mkdtempSync(join(tmpdir(), 'matnat-start-chunks-'));
  const files: Record<string, string> = {
    'main.js': [
      "import { session } from './session.js';",
      "import { Provider } from 'kit';",
      'await Promise.resolve();',
      "document.onclick = () => import('./screen.js').then((m) => m.show(session, Provider));",
    ].join('\n'),
    'session.js': "import { h } from 'lib'; export const session = h('session');",
    'screen.js':
      "import { session } from './session.js'; import { Shop } from 'kit'; export const show = () => [session, Shop];",
    'node_modules/lib/package.json': '{ "name": "lib", "type": "module", "main": "index.js" }',
    'node_modules/lib/index.js': 'export const h = (name) => ({ name });',
    'node_modules/kit/package.json':
      '{ "name": "kit", "type": "module", "main": "index.js", "sideEffects": false }',
    'node_modules/kit/index.js':
      "export { Provider } from './provider.js'; export { Shop } from './shop.js';",
    'node_modules/kit/provider.js': 'export const Provider = () => "provider";',
    'node_modules/kit/shop.js': 'export const Shop = () => "a shop only the lazy screen shows";',
  };
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), source);
  }
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [startChunks(join(root, 'main.js'))],
    build: { write: false, minify: false, target: 'esnext', rollupOptions: { input: join(root, 'main.js') } },
  })) as Rollup.RollupOutput;
  return output.output.filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
}

describe('the start chunks in a Vite build (issue 22)', () => {
  it("loads the entry's modules in two files, the libraries apart, and the lazy screen imports those, not the entry", async () => {
    const chunks = await buildApp();
    const entry = chunks.find((chunk) => chunk.isEntry);
    const byName = (name: string) => chunks.find((chunk) => chunk.name === name);
    const [start, libs, screen] = [byName('start'), byName('start-libs'), byName('screen')];
    expect(entry?.imports.sort()).toEqual([libs?.fileName, start?.fileName].sort());
    expect(start?.moduleIds.map((id) => id.split('/').pop())).toEqual(['session.js']);
    // Vite's preload helper (the entry's dynamic import) is a library's module too.
    expect(libs?.moduleIds.map((id) => id.split('node_modules/').pop()).sort()).toEqual([
      '\0vite/preload-helper.js',
      'kit/provider.js',
      'lib/index.js',
    ]);
    expect(screen?.imports).toContain(start?.fileName);
    expect(screen?.imports).not.toContain(entry?.fileName);
    // What only the lazy screen uses stays out of the start, though the entry imports its package's index.
    expect(chunks.filter((chunk) => chunk.code.includes('a shop only the lazy screen shows'))).toEqual([
      screen,
    ]);
  });
});
