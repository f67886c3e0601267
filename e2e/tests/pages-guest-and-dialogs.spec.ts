import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { AxeLedger } from '../support/axe.js';
import { appRoutes as routes, setLang, settle, trackRequests } from '../support/page-sweep.js';
import { saveScreenshot } from '../support/screens.js';
import { selectFirstSimRow } from '../support/sims.js';

/*
 * axe-core over the guest pages (ru and en) and the main dialogs and header menus (admin, ru and en).
 * The signed-in pages are walked per role by pages-<role>.spec.ts (support/page-sweep.ts).
 */

const LANGS = ['ru', 'en'] as const;
const SCREENS = process.env.A11Y_SCREENSHOTS === '1';
const ledger = new AxeLedger();

test.describe('accessibility: guest pages, dialogs and header menus', () => {
  test.afterAll(() => {
    ledger.write('axe-summary-guest-dialogs');
    console.log(`axe (guest, dialogs): ${ledger.views} views, violations by impact ${JSON.stringify(ledger.counts())}`);
  });

  test('the route list is read from the router', () => {
    expect(routes.shell).toContain('/list');
    expect(routes.shell).toContain('/sim/:id');
    expect(routes.guest).toEqual(expect.arrayContaining(['/login', '/register', '/forgot']));
  });

  test('guest pages', async ({ page }) => {
    for (const lang of LANGS) {
      await page.goto('/login');
      await setLang(page, lang);
      for (const route of routes.guest) {
        await page.goto(route, { waitUntil: 'domcontentloaded' });
        await page.locator('main, form, h1').first().waitFor({ timeout: 10_000 });
        await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
        await ledger.check(page, `guest ${lang} ${route}`);
        if (SCREENS) await saveScreenshot(page, `a11y-guest${route.replaceAll('/', '-')}-${lang}-1440`);
      }
    }
    ledger.expectNoFindings('guest ');
  });

  test('the error screen a page shows when its code fails to load (ru and en)', async ({ page }) => {
    await loginViaApi(page, USERS.admin);
    // A deploy replaced the chunks: the FAQ page's code is gone.
    await page.route('**/assets/faq-page-*.js', (route) => route.abort());
    await page.goto('/home');
    for (const lang of LANGS) {
      await setLang(page, lang);
      await page.goto('/home');
      await page.getByTestId('menu-faq').click();
      await expect(page.getByTestId('route-error')).toBeVisible();
      await ledger.check(page, `error ${lang} chunk`);
      if (SCREENS) await saveScreenshot(page, `a11y-route-error-${lang}`);
    }
    ledger.expectNoFindings('error ');
  });

  test('main dialogs and header menus (admin, ru and en)', async ({ page }) => {
    test.setTimeout(600_000);
    trackRequests(page);
    await loginViaApi(page, USERS.admin);
    await page.goto('/home');
    for (const lang of LANGS) {
      await setLang(page, lang);
      for (const opener of OPENERS) {
        await page.keyboard.press('Escape');
        await page.goto(opener.path, { waitUntil: 'domcontentloaded' });
        await settle(page);
        await opener.open(page);
        await page.waitForTimeout(300);
        await ledger.check(page, `dialog ${lang} ${opener.name}`);
        if (SCREENS) await saveScreenshot(page, `a11y-dialog-${opener.name}-${lang}`);
      }
    }
    ledger.expectNoFindings('dialog ');
  });
});

interface Opener {
  name: string;
  path: string;
  open: (page: Page) => Promise<void>;
}

async function openOperations(page: Page): Promise<void> {
  await expect(page.getByTestId('sims-actions')).toBeEnabled();
  await page.getByTestId('sims-actions').click();
  await expect(page.locator('.ops-panel [role="menu"]')).toBeVisible();
}

const visible = (page: Page, selector: string) => page.locator(selector).first().waitFor({ state: 'visible' });

const OPENERS: Opener[] = [
  {
    name: 'user-menu',
    path: '/home',
    open: async (page) => {
      await page.getByTestId('user-menu').click();
      await visible(page, '.p-overlaypanel');
    },
  },
  {
    name: 'notifications',
    path: '/home',
    open: async (page) => {
      await page.getByTestId('notify-bell').click();
      await visible(page, '.p-overlaypanel');
    },
  },
  {
    name: 'queue',
    path: '/home',
    open: async (page) => {
      await page.getByTestId('queue-counter').click();
      await visible(page, '.p-overlaypanel');
    },
  },
  {
    name: 'apn',
    path: '/home',
    open: async (page) => {
      await page.getByTestId('apn-button').click();
      await visible(page, '.p-overlaypanel');
    },
  },
  {
    name: 'news',
    path: '/home',
    open: async (page) => {
      await page.getByTestId('news-button').click();
      await visible(page, '.p-sidebar');
    },
  },
  {
    name: 'new-order',
    path: '/orders?new=1',
    open: (page) => visible(page, '.p-dialog'),
  },
  {
    name: 'new-bill',
    path: '/docs?new=1',
    open: (page) => visible(page, '.p-dialog'),
  },
  {
    name: 'columns',
    path: '/list',
    open: async (page) => {
      await page.getByTestId('sims-columns').click();
      await visible(page, '.p-overlaypanel');
    },
  },
  {
    name: 'operations-menu',
    // Open SIMs: Block and SMS are offered for them.
    path: '/list?blocked=2',
    open: async (page) => {
      await selectFirstSimRow(page);
      await page.getByTestId('sims-actions').click();
      await visible(page, '.p-overlaypanel');
    },
  },
  {
    name: 'block-dialog',
    // Open SIMs: Block and SMS are offered for them.
    path: '/list?blocked=2',
    open: async (page) => {
      await selectFirstSimRow(page);
      await openOperations(page);
      await page.getByTestId('sims-action-queue_block').click();
      await visible(page, '.p-dialog');
    },
  },
  {
    name: 'sms-dialog',
    // Open SIMs: Block and SMS are offered for them.
    path: '/list?blocked=2',
    open: async (page) => {
      await selectFirstSimRow(page);
      await openOperations(page);
      await page.getByTestId('sims-action-queue_sms').click();
      await visible(page, '.p-dialog');
    },
  },
];
