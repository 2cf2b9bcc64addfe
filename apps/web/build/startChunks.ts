// The app's start in a few script files, not one per set of lazy chunks sharing it (issue 22). Left to
// Rollup, the modules the entry needs are cut into ~13 chunks, one per group of lazy screens also using
// them (the entry's top-level await keeps them out of the entry's own chunk), and every cold page fetched
// them all before its first screen: each file a preload-scanner fetch, a compile and a task of its own.
// Here they are given to Rollup as two manual chunks: the libraries' modules (node_modules: they change
// with a dependency's update, not with each release of the app) and the app's and SDK's own, so that the
// start is neither 13 files nor one long one.
import type { Plugin, Rollup } from 'vite';

/** What the grouping knows of a module: how its bindings reach other modules. */
export interface ModuleFacts {
  /** Its static imports: module id → the names it takes (`'*'` a namespace; `[]` for its effects only). */
  imports: { from: string; names: string[] | '*' }[];
  /** Names it exports from another module: exported name → that module and its name (`'*'` its namespace). */
  reexports: Record<string, { from: string; name: string }>;
  /** Modules it re-exports whole (`export * from`). */
  stars: string[];
  /** Names it exports of its own code. */
  locals: string[];
}

/**
 * The modules `entry` needs, followed binding by binding through re-exports (an `import { x } from
 * '@matnat/react'` needs the module declaring `x`, not everything the package's index re-exports). A module
 * the facts do not cover is needed whole.
 */
export function neededModules(entry: string, facts: ReadonlyMap<string, ModuleFacts>): Set<string> {
  const entered = new Set<string>();
  const askedFor = new Set<string>();
  const exportsName = (id: string, name: string, seen = new Set<string>()): boolean => {
    const module = facts.get(id);
    if (!module || seen.has(id)) return false;
    seen.add(id);
    if (module.locals.includes(name) || name in module.reexports) return true;
    return module.stars.some((star) => exportsName(star, name, seen));
  };
  const effects = (id: string) => {
    for (const { from, names } of facts.get(id)?.imports ?? []) if (names.length === 0) need(from);
  };
  const needName = (id: string, name: string) => {
    const key = `${id}\n${name}`;
    if (askedFor.has(key)) return;
    askedFor.add(key);
    const module = facts.get(id);
    const reexport = module?.reexports[name];
    const star = module?.stars.find((from) => exportsName(from, name));
    if (!module || module.locals.includes(name) || (!reexport && !star)) return need(id);
    // Through a module only passing the name on: its own effects (a stylesheet) go with the name.
    effects(id);
    if (reexport) reexport.name === '*' ? needAll(reexport.from) : needName(reexport.from, reexport.name);
    else if (star) needName(star, name);
  };
  const needAll = (id: string) => {
    need(id);
    const module = facts.get(id);
    for (const name of Object.keys(module?.reexports ?? {})) needName(id, name);
    for (const from of module?.stars ?? []) needAll(from);
  };
  function need(id: string) {
    if (entered.has(id)) return;
    entered.add(id);
    for (const { from, names } of facts.get(id)?.imports ?? []) {
      if (names === '*') needAll(from);
      else if (names.length === 0) need(from);
      else for (const name of names) needName(from, name);
    }
  }
  need(entry);
  return entered;
}

/** A library's module (a package in node_modules, or a bundler's helper) or the app's and SDK's own. */
export const startGroup = (id: string) => (/[\\/]node_modules[\\/]|^\0/.test(id) ? 'start-libs' : 'start');

type Node = { type: string; [key: string]: unknown };
const nameOf = (node: unknown) => {
  const named = node as { name?: string; value?: unknown };
  return named.name ?? String(named.value);
};

/** The names a declaration (`export const a = 1, { b } = c`, `export function f`) binds. */
function declared(node: Node): string[] {
  if (node.type === 'VariableDeclaration') {
    return (node.declarations as { id: unknown }[]).flatMap(({ id }) => bound(id));
  }
  return node.id ? [nameOf(node.id)] : [];
}

function bound(pattern: unknown): string[] {
  const node = pattern as Node | null;
  if (!node) return [];
  if (node.type === 'Identifier') return [nameOf(node)];
  if (node.type === 'ObjectPattern') {
    return (node.properties as Node[]).flatMap((p) => bound(p.type === 'RestElement' ? p.argument : p.value));
  }
  if (node.type === 'ArrayPattern') return (node.elements as unknown[]).flatMap(bound);
  if (node.type === 'RestElement') return bound(node.argument);
  if (node.type === 'AssignmentPattern') return bound(node.left);
  return [];
}

/** The name an import specifier takes: its own, `default`, or `*` for a namespace. */
function importedName(specifier: { type: string; imported?: unknown }) {
  if (specifier.type === 'ImportSpecifier') return nameOf(specifier.imported);
  return specifier.type === 'ImportDefaultSpecifier' ? 'default' : '*';
}

/** A module's facts from its ESTree program; `resolved` maps its import specifiers to module ids. */
export function moduleFacts(ast: { body: Node[] }, resolved: (spec: string) => string): ModuleFacts {
  const facts: ModuleFacts = { imports: [], reexports: {}, stars: [], locals: [] };
  const imported = new Map<string, { from: string; name: string }>();
  for (const node of ast.body) {
    const from = node.source ? resolved(String((node.source as { value: unknown }).value)) : '';
    if (node.type === 'ImportDeclaration') {
      const specifiers = node.specifiers as { type: string; imported?: unknown; local: unknown }[];
      const names: string[] = [];
      let namespace = false;
      for (const s of specifiers) {
        const name = importedName(s);
        if (name === '*') namespace = true;
        else names.push(name);
        imported.set(nameOf(s.local), { from, name });
      }
      facts.imports.push({ from, names: namespace ? '*' : names });
    } else if (node.type === 'ExportAllDeclaration') {
      if (node.exported) facts.reexports[nameOf(node.exported)] = { from, name: '*' };
      else facts.stars.push(from);
    } else if (node.type === 'ExportDefaultDeclaration') {
      facts.locals.push('default');
    } else if (node.type === 'ExportNamedDeclaration') {
      if (node.declaration) facts.locals.push(...declared(node.declaration as Node));
      for (const s of (node.specifiers ?? []) as { local: unknown; exported: unknown }[]) {
        const [local, exported] = [nameOf(s.local), nameOf(s.exported)];
        const through = from ? { from, name: local } : imported.get(local);
        if (through) facts.reexports[exported] = through;
        else facts.locals.push(exported);
      }
    }
  }
  return facts;
}

/** Modules whose code is JavaScript (stylesheets and assets stay where Vite puts them). */
const SCRIPT = /\.(?:[cm]?[jt]sx?)(?:\?.*)?$|^\0/;

/** Every module's facts, its import specifiers resolved as the build resolved them. */
async function graphFacts(context: Rollup.PluginContext) {
  const facts = new Map<string, ModuleFacts>();
  for (const id of context.getModuleIds()) {
    const info = context.getModuleInfo(id);
    if (!info?.ast || info.isExternal) continue;
    const program = info.ast as unknown as { body: Node[] };
    const ids = new Map<string, string>();
    for (const node of program.body) {
      const spec = (node.source as { value?: unknown } | undefined)?.value;
      if (typeof spec !== 'string' || ids.has(spec)) continue;
      ids.set(spec, (await context.resolve(spec, id))?.id ?? spec);
    }
    facts.set(
      id,
      moduleFacts(program, (spec) => ids.get(spec) ?? spec),
    );
  }
  return facts;
}

/**
 * The plugin: once the module graph is known (buildEnd), the modules the entry `entryFile` needs, bar the
 * entry itself, go into the two start chunks. Lazy chunks import those, never the entry. Every other module
 * is left to Rollup (`onlyExplicitManualChunks`: a start module's imports that only lazy chunks use stay
 * out of the start).
 */
export function startChunks(entryFile: string): Plugin {
  let groups = new Map<string, string>();
  return {
    name: 'matnat:start-chunks',
    apply: 'build',
    async buildEnd(error) {
      if (error) return;
      const facts = await graphFacts(this);
      groups = new Map();
      for (const id of neededModules(entryFile, facts)) {
        if (id !== entryFile && SCRIPT.test(id)) groups.set(id, startGroup(id));
      }
    },
    outputOptions(options) {
      const manualChunks: Rollup.GetManualChunk = (id) => groups.get(id);
      return { ...options, manualChunks, onlyExplicitManualChunks: true };
    },
  };
}
