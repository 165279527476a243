// Precompresses the built web app's static files (apps/web/dist) with Brotli and gzip, beside
// each file (main.js.br, main.js.gz), so the server sends the encoding a client accepts without
// compressing on every request (@fastify/static's preCompressed). Pages are left alone: the
// server fills them in at start, then compresses them once. Run by this package's build.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Types that compress; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.ico']);
/** Smaller files gain too little to be worth a second request path. */
const MIN_BYTES = 1024;
/** A variant is kept only when it saves at least this share of the file. */
const MIN_GAIN = 0.1;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes the .br and .gz of each compressible file of `dir`; returns how many were written. */
export function precompress(dir) {
  if (!existsSync(dir)) return 0;
  let written = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.has(extname(file)) || file.endsWith('routes.json')) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const variants = {
      br: brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gz: gzipSync(content, { level: 9 }),
    };
    for (const [suffix, compressed] of Object.entries(variants)) {
      if (compressed.length > content.length * (1 - MIN_GAIN)) continue;
      writeFileSync(`${file}.${suffix}`, compressed);
      written++;
    }
  }
  return written;
}
