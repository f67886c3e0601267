import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { startInLang } from '../support/ui.js';

/** Sums the page's layout shifts without recent input (what Lighthouse counts as CLS on a first load). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShifts: { value: number; nodes: string[] }[] };
    w.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources.map((source) =>
          source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : String(source.node?.nodeName),
        );
        w.layoutShifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Holds every API answer until the page has painted without them, then lets them through at once:
 * the shell and the list's placeholder are on screen first, as on a slow network, whatever the speed
 * of the machine running the test.
 */
async function holdApiUntilReleased(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/**', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

// Lighthouse's desktop width, the design width, and a narrower laptop: the toolbar above the table
// wraps at a different width in each, so a count that widens it when it arrives shows in one of them.
for (const width of [1280, 1350, 1440]) {
  test(`signed-in /list at ${width} px: the first load does not shift (CLS < 0.02)`, async ({ page }) => {
    // The placeholder page and then the whole data at once: slow on a busy machine, never flaky.
    test.setTimeout(120_000);
    const late = { timeout: 40_000 };
    await page.setViewportSize({ width, height: 940 });
    await startInLang(page, 'ru');
    await loginViaApi(page, USERS.admin);
    await recordLayoutShifts(page);
    const release = await holdApiUntilReleased(page);

    await page.goto('/list');
    await expect(page.getByTestId('sims-loading')).toBeVisible(late);
    await expect(page.getByTestId('user-menu')).toBeVisible(late);
    // Two frames: the placeholder page is painted before any answer arrives.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    release();

    await expect(page.getByTestId('sims-row').first()).toBeVisible(late);
    await expect(page.getByTestId('sims-total')).not.toHaveText('\u00a0', late);
    await expect(page.locator('.header-user__name')).not.toBeEmpty(late);
    // Late answers (country warnings, the header's lists) have landed.
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: { value: number; nodes: string[] }[] }).layoutShifts,
    );
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.02);
  });
}
