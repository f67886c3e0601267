// Prints every JavaScript file the /login route really loads in Debian's chromium (from the
// network log, lazy chunks included), with its gzipped size and what went over the wire, against
// the 150 KB budget of ARCHITECTURE §9.
// Needs the built app running (README "Benchmarks"): APP_URL, default http://127.0.0.1:3107.
// Run: node bench/login-bundle.mjs
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { APP_URL, CHROMIUM } from './support/app-url.mjs';

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const response = await request.response();
    if (!response) return;
    const body = await response.body();
    const sizes = await request.sizes();
    scripts.push({
      url: new URL(request.url()).pathname,
      encoding: response.headers()['content-encoding'] ?? 'none',
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      wire: sizes.responseBodySize,
    });
  });
  await page.goto(`${APP_URL}/login`, { waitUntil: 'networkidle' });
  // The form is what the route is for: its chunks have loaded once it shows.
  await page.locator('input[type="password"]').waitFor();
  await page.waitForLoadState('networkidle');

  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const sum = (key) => scripts.reduce((total, s) => total + s[key], 0);
  const gzip = sum('gzip');
  console.log(`/login loads ${scripts.length} JS files: ${kb(gzip)} gzipped (budget 150 KB) — ${gzip <= 150 * 1024 ? 'within budget' : 'OVER BUDGET'}`);
  console.log(`on the wire: ${kb(sum('wire'))} (uncompressed ${kb(sum('raw'))})\n`);
  console.log(`${'file'.padEnd(52)} ${'gzip'.padStart(9)} ${'wire'.padStart(9)}  encoding`);
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`${s.url.padEnd(52)} ${kb(s.gzip).padStart(9)} ${kb(s.wire).padStart(9)}  ${s.encoding}`);
  }
} finally {
  await browser.close();
}
