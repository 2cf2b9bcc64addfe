// Bundle checks that size-limit cannot express: the browser packages must not pull zod in. The core
// imports only *types* from @matnat/contract, and plain values from its zod-free `./plain` entry.
import { build } from 'esbuild';

/** Any contract module but the zod-free plain entry (and the constants and helpers it is made of). */
const isContractSchemaCode = (p) =>
  p.includes('/contract/') &&
  !/\/contract\/(dist\/plain\.js|src\/(plain|constants|messages|query|embedScope)\.ts)$/.test(p);

const entries = [{ name: '@matnat/core', file: 'packages/core/dist/index.js' }];
let failed = false;
for (const { name, file } of entries) {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  const zod = inputs.filter((p) => /node_modules[\\/](\.pnpm[\\/])?zod/.test(p) || isContractSchemaCode(p));
  if (zod.length) {
    failed = true;
    console.error(`FAIL ${name} bundles zod or @matnat/contract runtime code:\n  ${zod.join('\n  ')}`);
  } else {
    console.log(`ok   ${name}: ${inputs.length} modules, none from zod or @matnat/contract's schemas`);
  }
}

// The script-tag builds of @matnat/react alias React to preact/compat: their esbuild metafile must show
// at most one copy of preact (none in a file with no UI, like the basemap's data) and no React at all.
import { readFileSync } from 'node:fs';

const embedMeta = JSON.parse(readFileSync('packages/react/dist/embed/metafile-iife.json', 'utf8'));
for (const [out, output] of Object.entries(embedMeta.outputs)) {
  if (!out.endsWith('.js')) continue;
  const inputs = Object.keys(output.inputs);
  const pkgDir = (p) => p.match(/^(.*node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)/)?.[1];
  const preactCopies = new Set(inputs.filter((p) => /node_modules[\\/]preact[\\/]/.test(p)).map(pkgDir));
  const react = inputs.filter((p) => /node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(p));
  if (preactCopies.size > 1 || react.length) {
    failed = true;
    console.error(
      `FAIL ${out}: ${preactCopies.size} copies of preact (${[...preactCopies].join(', ')}), React modules: ${react.join(', ') || 'none'}`,
    );
  } else {
    const preact = preactCopies.size ? `one copy of preact (${[...preactCopies][0]})` : 'no preact (no UI)';
    console.log(`ok   ${out}: ${preact}, no React`);
  }
}
process.exit(failed ? 1 : 0);
