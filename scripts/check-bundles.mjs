// Bundle checks that size-limit cannot express: the browser packages must not pull zod in (the core
// imports only *types* from @matnat/contract).
import { build } from 'esbuild';

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
  const zod = inputs.filter((p) => /node_modules[\\/](\.pnpm[\\/])?zod/.test(p) || p.includes('/contract/'));
  if (zod.length) {
    failed = true;
    console.error(`FAIL ${name} bundles zod or @matnat/contract runtime code:\n  ${zod.join('\n  ')}`);
  } else {
    console.log(`ok   ${name}: ${inputs.length} modules, none from zod or @matnat/contract`);
  }
}
process.exit(failed ? 1 : 0);
