// Writes a .br (quality 11) and a .gz (level 9) beside every text file of the given build directories, for
// the API server to send as a browser's Accept-Encoding asks (@fastify/static's preCompressed) instead of
// compressing on every request. Usage: node scripts/precompress.mjs <dir>…
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.webmanifest']);
// Below this an answer fits in a packet or two: compressing it saves next to nothing.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.has(extname(entry.name))) yield path;
  }
}

let before = 0;
let after = 0;
for (const dir of process.argv.slice(2)) {
  for (const file of files(dir)) {
    const body = readFileSync(file);
    for (const [ext, compress] of [
      ['.br', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
      ['.gz', (b) => gzipSync(b, { level: 9 })],
    ]) {
      const out = body.length >= MIN_BYTES ? compress(body) : null;
      // A stale sibling of an earlier build would be sent for the new file: it goes when not rewritten.
      if (out && out.length < body.length) writeFileSync(file + ext, out);
      else rmSync(file + ext, { force: true });
      if (ext === '.br') {
        before += body.length;
        after += out && out.length < body.length ? out.length : body.length;
      }
    }
  }
  if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a directory`);
}
console.log(`precompressed: ${before.toLocaleString('en')} B as brotli ${after.toLocaleString('en')} B`);
