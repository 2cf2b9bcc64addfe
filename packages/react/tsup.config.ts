import { libraryConfig } from '@matnat/build-config';
import { defineConfig } from 'tsup';

export default defineConfig([
  libraryConfig({
    entry: { index: 'src/index.ts', elements: 'src/elements/index.ts' },
    overrides: { platform: 'browser' },
  }),
]);
