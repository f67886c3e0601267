import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { activeTabs } from '../support/layout.js';
import { DESKTOP, PHONE } from '../support/page-sweep.js';
import { openShell, startInLang, toasts } from '../support/ui.js';

/*
 * "Usable by everyone", beyond what the walk over every page checks at 390 and 1440 px
 * (support/page-sweep.ts, run by pages-<role>.spec.ts): a tab strip shows the tab chosen from a link
 * and the one chosen next, a chart never widens the page while it narrows, and toasts never cover
 * the header or the page title.
 */

test.describe('layout at 390 and 1440 px', () => {
  test('root, 390 px: the Tools tab strip shows the tab from the link, and the tab chosen next', async ({ page }) => {
    const activeTabShows = async () => {
      const [tab] = await activeTabs(page);
      return tab !== undefined && tab.left >= 0 && tab.right <= PHONE.width && !tab.coveredByArrow;
    };
    await loginViaApi(page, USERS.root);
    await page.setViewportSize(PHONE);
    await startInLang(page, 'ru');
    await openShell(page, '/tools?tab=faq');
    await expect(page.getByTestId('tools-tab-faq').locator('xpath=..')).toHaveClass(/p-highlight/);
    await expect.poll(activeTabShows).toBe(true);
    // Chosen without the click scrolling it into view first (as a keyboard or a script would choose it).
    await page.getByTestId('tools-tab-telephony').dispatchEvent('click');
    await expect(page).toHaveURL(/tab=telephony/);
    await expect.poll(activeTabShows).toBe(true);
  });

  test('a chart never widens the page while the window narrows', async ({ page }) => {
    await loginViaApi(page, USERS.manager);
    await openShell(page, '/home');
    await expect(page.getByTestId('home-usage').locator('canvas')).toBeVisible();
    const widths: number[] = [];
    // Read in the first frame after each turn, before Chart.js resized its canvas (it does so a frame
    // later): the sweep's phone check caught 708 px now and then. Not before that frame: the header and
    // side menu follow the width through matchMedia, whose change comes with the frame, so a read
    // before it saw the desktop shell squeezed into 390 px (563 px wide), a state no frame paints.
    for (let turn = 0; turn < 5; turn += 1) {
      await page.setViewportSize(PHONE);
      widths.push(await page.evaluate(() => new Promise<number>((read) => requestAnimationFrame(() => read(document.documentElement.scrollWidth)))));
      await page.setViewportSize(DESKTOP);
      await page.waitForTimeout(300);
    }
    expect(widths).toEqual(widths.map(() => PHONE.width));
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`${viewport.width} px: a toast covers neither the header nor the page title`, async ({ page }) => {
      await loginViaApi(page, USERS.admin);
      await page.setViewportSize(viewport);
      await page.route('**/api/notify/list*', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Boom', code: 'internal' }) }),
      );
      await openShell(page, '/orders');
      const toast = toasts(page, 'top-right').first();
      await expect(toast).toBeVisible();
      await page.waitForTimeout(400);
      const box = await toast.boundingBox();
      const covered = { header: page.getByTestId('header'), title: page.getByTestId('page-title'), 'title row': page.locator('.orders-page__head') };
      for (const [what, locator] of Object.entries(covered)) {
        const other = await locator.boundingBox();
        expect(box && other, what).toBeTruthy();
        if (!box || !other) continue;
        const overlaps = box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
        expect(overlaps, `the toast covers the ${what}`).toBe(false);
      }
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
    });
  }
});
