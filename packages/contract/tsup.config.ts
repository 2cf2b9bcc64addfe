import { libraryConfig } from '@matnat/build-config';
import { defineConfig } from 'tsup';

export default defineConfig(libraryConfig({ entry: { index: 'src/index.ts', plain: 'src/plain.ts' } }));
