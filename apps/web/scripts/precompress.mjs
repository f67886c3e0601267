// Writes a .br and a .gz beside every compressible file of the build, so the server sends them as
// they are (@fastify/static preCompressed) instead of compressing on every request — or not at all.
// Run by `npm run build` after `vite build`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
// woff2, png and the like are compressed already.
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.ttf', '.eot', '.ico', '.webmanifest']);
// Below this a compressed answer saves less than its headers cost.
const MIN_BYTES = 512;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json is not served
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
for (const file of files(dist)) {
  const size = statSync(file).size;
  if (size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < size) writeFileSync(`${file}.br`, br);
  if (gz.length < size) writeFileSync(`${file}.gz`, gz);
  count++;
  raw += size;
  brotli += Math.min(br.length, size);
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`);
