// Lighthouse (desktop preset, performance only) in Debian's chromium for /login and for /list
// signed in, three runs each, interleaved; prints performance, LCP, TBT and CLS of every run and
// min / median / max (budget: performance ≥ 95, ARCHITECTURE §9).
// Needs the built app running (README "Benchmarks"): APP_URL, default http://127.0.0.1:3107,
// with the bench user (BENCH_EMAIL / BENCH_PASSWORD, as bench/sims-list.ts seeds them).
// Run: node bench/lighthouse.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { APP_URL, CHROMIUM, signInCookies } from './support/app-url.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
/** Where to write each run's whole report (JSON), to see what the LCP waits on; none when unset. */
const REPORT_DIR = process.env.LH_REPORT_DIR;
const PORT = Number(process.env.CDP_PORT ?? 9327);
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-extensions',
  '--disable-default-apps', '--no-first-run', '--disable-sync', '--mute-audio', '--disable-dev-shm-usage'];

async function waitForBrowser() {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/json/version`);
      if (res.ok) return;
    } catch { /* not up yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`chromium did not open its debugging port ${PORT}`);
}

/** One fresh browser per run, so no run profits from another's cache. */
async function audit(route, signedIn, run) {
  const profile = mkdtempSync(path.join(tmpdir(), 'cab-lh-'));
  const browser = spawn(CHROMIUM, [...FLAGS, `--remote-debugging-port=${PORT}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  try {
    await waitForBrowser();
    if (signedIn) {
      // The cookies the web client keeps after signing in, set in the browser's own profile.
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${PORT}`);
      const cookies = Object.entries(await signInCookies()).map(([name, value]) => ({ name, value, url: APP_URL }));
      await cdp.contexts()[0].addCookies(cookies);
      await cdp.close();
    }
    const result = await lighthouse(`${APP_URL}${route}`, {
      port: PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Lighthouse would clear the origin's cookies, signing the user out before the page loads.
      disableStorageReset: signedIn,
    }, desktopConfig);
    // Lighthouse sometimes loses the trace (NO_NAVSTART): that run says nothing and is done again.
    if (result.lhr.runtimeError) return { retry: result.lhr.runtimeError.code };
    const { categories, audits } = result.lhr;
    if (REPORT_DIR) writeFileSync(path.join(REPORT_DIR, `${route.slice(1)}-${run}.json`), JSON.stringify(result.lhr));
    return {
      performance: Math.round((categories.performance.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      finalUrl: result.lhr.finalDisplayedUrl,
    };
  } finally {
    browser.kill('SIGTERM');
    await new Promise((resolve) => browser.once('exit', resolve));
    // Chromium's helper processes may still be writing the profile as the main one exits; on a busy
    // machine even the retries may lose that race: a leftover folder in /tmp must not end the bench.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`could not remove ${profile}: ${error.code ?? error}`);
    }
  }
}

const routes = [['/login', false], ['/list', true]];
const results = new Map(routes.map(([route]) => [route, []]));
for (let run = 1; run <= RUNS; run++) {
  for (const [route, signedIn] of routes) {
    let r = await audit(route, signedIn, run);
    for (let attempt = 1; r.retry && attempt <= 2; attempt++) {
      console.log(`run ${run} ${route}: Lighthouse error ${r.retry}, running it again`);
      r = await audit(route, signedIn, run);
    }
    if (r.retry) throw new Error(`${route}: Lighthouse failed three times (${r.retry})`);
    results.get(route).push(r);
    console.log(`run ${run} ${route.padEnd(7)} performance ${String(r.performance).padStart(3)}  LCP ${r.lcp.toFixed(0).padStart(5)} ms  TBT ${r.tbt.toFixed(0).padStart(4)} ms  CLS ${r.cls.toFixed(3)}  (${r.finalUrl})`);
  }
}

const spread = (values, digits = 0) => {
  const sorted = [...values].sort((a, b) => a - b);
  return [sorted[0], sorted[Math.floor(sorted.length / 2)], sorted.at(-1)].map((v) => v.toFixed(digits)).join(' / ');
};
console.log(`\nmin / median / max over ${RUNS} runs (budget: performance ≥ 95)`);
for (const [route, list] of results) {
  console.log(`${route.padEnd(7)} performance ${spread(list.map((r) => r.performance))}  LCP ${spread(list.map((r) => r.lcp))} ms  TBT ${spread(list.map((r) => r.tbt))} ms  CLS ${spread(list.map((r) => r.cls), 3)}`);
}
