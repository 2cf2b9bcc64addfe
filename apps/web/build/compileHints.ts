// Chrome's explicit compile hint (issue 22): a script whose first line is this comment has all its functions
// compiled eagerly by V8, on the thread that streams the script while it downloads, instead of each one on
// the main thread at its first call. Other browsers read it as a comment.
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** lightweight-charts and its canvas helper: nearly all of it runs in a chart's first frame. */
export const CHART_LIBRARY = /[\\/]node_modules[\\/](?:lightweight-charts|fancy-canvas)[\\/]/;

/** A built chunk as Rollup describes it in generateBundle: the parts the hint reads and rewrites. */
export interface HintedChunk {
  type: 'chunk';
  fileName: string;
  moduleIds: readonly string[];
  code: string;
  map: { mappings: string } | null;
}

type Bundle = Record<string, HintedChunk | { type: 'asset'; source: string | Uint8Array }>;

/**
 * Puts the hint on the first line of each chunk holding a module whose id `wanted` matches, after
 * minification (generateBundle), shifting its source map by that line. The hint is part of the chunk's
 * hash, so a build with and without it never share a file name.
 */
export function compileHints(wanted: RegExp): Plugin {
  const hinted = (moduleIds: readonly string[]) => moduleIds.some((id) => wanted.test(id));
  return {
    name: 'matnat:compile-hints',
    apply: 'build',
    augmentChunkHash: (chunk) => (hinted(chunk.moduleIds) ? COMPILE_HINT : undefined),
    generateBundle(_options, bundle) {
      addCompileHints(bundle as unknown as Bundle, hinted);
    },
  };
}

/** The hint on the first line of the chunks `hinted` picks, their source maps (object and file) a line down. */
export function addCompileHints(bundle: Bundle, hinted: (moduleIds: readonly string[]) => boolean): string[] {
  const files: string[] = [];
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !hinted(chunk.moduleIds)) continue;
    chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
    const mapFile = bundle[`${chunk.fileName}.map`];
    if (mapFile?.type === 'asset') {
      const map = JSON.parse(String(mapFile.source)) as { mappings: string };
      mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
    }
    files.push(chunk.fileName);
  }
  return files;
}
