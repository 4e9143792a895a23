/**
 * After `vite build`: a brotli (`.br`) and a gzip (`.gz`) copy next to every text asset, so the gateway
 * (sirv with `brotli`/`gzip`) sends the smallest one the browser accepts without compressing per request.
 * A copy that would not be smaller is not written.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let raw = 0;
let brotli = 0;
for (const path of files(dist)) {
  if (!TEXT.test(path) || path.includes(`${join(dist, '.vite')}`)) continue;
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  if (br.length < content.length) writeFileSync(`${path}.br`, br);
  if (gz.length < content.length) writeFileSync(`${path}.gz`, gz);
  raw += content.length;
  brotli += Math.min(br.length, content.length);
}
console.log(`precompressed ${(raw / 1024).toFixed(0)} kB of text assets to ${(brotli / 1024).toFixed(0)} kB (brotli)`);
