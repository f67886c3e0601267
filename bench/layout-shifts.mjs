// Prints every layout shift of a signed-in page's first load in Debian's chromium, with the elements
// that moved (a layout-shift PerformanceObserver, buffered), to find where Lighthouse's CLS comes from.
// Needs the built app running (README "Benchmarks"): APP_URL, with the bench user.
// Run: node bench/layout-shifts.mjs [/list] [width]   (default /list at 1350 px, Lighthouse's desktop)
import { chromium } from 'playwright-core';
import { APP_URL, CHROMIUM, signInCookies } from './support/app-url.mjs';

const route = process.argv[2] ?? '/list';
const width = Number(process.argv[3] ?? 1350);
const RUNS = Number(process.env.RUNS ?? 3);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const cookies = Object.entries(await signInCookies()).map(([name, value]) => ({ name, value, url: APP_URL }));
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({ viewport: { width, height: 940 } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    // A slower CPU and network (THROTTLE=4) give the late answers Lighthouse's runs see on a busy machine.
    const throttle = Number(process.env.THROTTLE ?? 1);
    if (throttle > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40 * throttle, downloadThroughput: 1.25e6, uploadThroughput: 1.25e6 });
    }
    // DELAY_API=regex holds back the matching API answers (DELAY_MS): what moves when they come late.
    if (process.env.DELAY_API) {
      const pattern = new RegExp(process.env.DELAY_API);
      await page.route(pattern, async (request) => {
        await new Promise((resolve) => setTimeout(resolve, Number(process.env.DELAY_MS ?? 1500)));
        await request.continue();
      });
    }
    await page.addInitScript(() => {
      const shifts = [];
      window.__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.hadRecentInput) continue;
          const describe = (node) => {
            if (!(node instanceof Element)) return node?.nodeName ?? '?';
            const id = node.getAttribute('data-testid') ?? node.id;
            return `${node.tagName.toLowerCase()}${id ? `#${id}` : ''}.${[...node.classList].slice(0, 3).join('.')}`;
          };
          shifts.push({
            at: Math.round(entry.startTime),
            value: entry.value,
            sources: entry.sources.map((s) => ({
              node: describe(s.node),
              from: [s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height].map(Math.round),
              to: [s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height].map(Math.round),
            })),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${APP_URL}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500 + Number(process.env.DELAY_MS ?? 1500) * (process.env.DELAY_API ? 2 : 0));
    const shifts = await page.evaluate(() => window.__shifts);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    console.log(`run ${run} ${route} at ${width} px: ${shifts.length} shifts, total ${total.toFixed(4)}`);
    for (const s of shifts) {
      console.log(`  ${String(s.at).padStart(5)} ms  ${s.value.toFixed(4)}`);
      for (const src of s.sources) console.log(`      ${src.node}  ${src.from.join(',')} → ${src.to.join(',')}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
