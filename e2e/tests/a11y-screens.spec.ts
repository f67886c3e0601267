import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { hasParams, readAppRoutes } from '../support/app-routes.js';
import { saveScreenshot } from '../support/screens.js';

/*
 * Screenshots of every page at 1440 and 390 px in ru and en, for people to look at (e2e/screenshots).
 * Run on demand: A11Y_SCREENSHOTS=1 (the axe test checks the same pages in CI).
 */
test.skip(process.env.A11Y_SCREENSHOTS !== '1', 'screenshots on demand: A11Y_SCREENSHOTS=1');

const routes = readAppRoutes().shell.filter((route) => !hasParams(route));
const EXTRA = ['/company/my', '/sim/1'];

for (const role of ['admin', 'root'] as const) {
  test(`${role}: every page at 1440 and 390 px, ru and en`, async ({ page }) => {
    test.setTimeout(600_000);
    await loginViaApi(page, USERS[role]);
    await page.goto('/home');
    for (const lang of ['ru', 'en'] as const) {
      await page.evaluate((value) => window.localStorage.setItem('lang', value), lang);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        for (const route of [...routes, ...EXTRA]) {
          if (role === 'root' && !['/companies', '/tools', '/home'].includes(route)) continue;
          await page.goto(route);
          await expect(page.getByTestId('page-title').first()).toBeVisible({ timeout: 15_000 }).catch(() => undefined);
          await page.waitForTimeout(600);
          if (new URL(page.url()).pathname !== route) continue;
          await saveScreenshot(page, `screen-${role}${route.replaceAll('/', '-')}-${lang}-${width}`);
        }
      }
    }
  });
}
