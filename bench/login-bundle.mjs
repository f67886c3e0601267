// Prints the gzipped JavaScript the login route ships (entry chunk + its static imports + the lazy
// login page chunk) against the 150 KB budget of ARCHITECTURE §9, and the size of every route chunk.
// Run after `npm run build`: node bench/login-bundle.mjs
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../apps/web/dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const gz = (file) => gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;

function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => /features\/(auth|login)\/.*login.*page/i.test(k));
if (!entryKey || !loginKey) throw new Error(`entry or login page not found in the manifest: ${Object.keys(manifest).join(', ')}`);

const keys = new Set([...staticClosure(entryKey), ...staticClosure(loginKey)]);
const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const total = files.reduce((sum, f) => sum + gz(f), 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`login route: ${kb(total)} gzipped JS in ${files.length} files (budget 150 KB) — ${total <= 150 * 1024 ? 'within budget' : 'OVER BUDGET'}`);
for (const f of files) console.log(`  ${f.padEnd(48)} ${kb(gz(f))}`);

const lazy = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry);
console.log(`\n${lazy.length} lazy route chunks:`);
for (const k of lazy) console.log(`  ${k.padEnd(60)} ${kb(gz(manifest[k].file))}`);
