import { expect, test, type Page, type Request } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { hasParams, readAppRoutes, routePattern } from '../support/app-routes.js';
import { AxeLedger } from '../support/axe.js';
import { saveScreenshot } from '../support/screens.js';
import { selectFirstSimRow } from '../support/sims.js';

/*
 * axe-core over every page the router declares × every demo role × ru and en, plus the main dialogs
 * and header menus. Fails on any critical or serious violation. One app start (the config's), pages
 * visited one after another; A11Y_SCREENSHOTS=1 also saves each page at 1440 and 390 px.
 */

type Role = keyof typeof USERS;
const ROLES: Role[] = ['root', 'admin', 'manager', 'viewer', 'agent'];
const LANGS = ['ru', 'en'] as const;
type Lang = (typeof LANGS)[number];
const SCREENS = process.env.A11Y_SCREENSHOTS === '1';

/** Concrete pages for routes whose links are not on any page (the personal menu is closed). */
const PARAM_HINTS: Record<string, string> = { '/company/:id': '/company/my' };

const routes = readAppRoutes();
const ledger = new AxeLedger();

/** Requests in flight per page (the websocket is not one). */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): void {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/** Waits until the page has drawn its data: title, no skeletons or spinners, no requests in flight. */
async function settle(page: Page): Promise<void> {
  await page
    .getByTestId('page-title')
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 })
    .catch(() => undefined);
  const deadline = Date.now() + 6_000;
  let quietSince = 0;
  while (Date.now() < deadline) {
    const busy = await page.evaluate(
      () => document.querySelector('.p-skeleton, [aria-busy="true"], .full-page-spinner, .p-datatable-loading-overlay') !== null,
    );
    if (!busy && (inFlight.get(page)?.size ?? 0) === 0) {
      quietSince ||= Date.now();
      if (Date.now() - quietSince >= 250) return;
    } else quietSince = 0;
    await page.waitForTimeout(50);
  }
  if (process.env.A11Y_DEBUG) {
    const pending = [...(inFlight.get(page) ?? [])].map((request) => request.url());
    console.log(`settle timed out at ${page.url()}: pending ${pending.join(', ')}`);
  }
}

/** Client-side navigation (the router follows popstate): no reload of the app between pages. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2), idx: window.history.length }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
  }, path);
}

async function setLang(page: Page, lang: Lang): Promise<void> {
  await page.evaluate((value) => window.localStorage.setItem('lang', value), lang);
}

async function linksOn(page: Page): Promise<string[]> {
  return page.$$eval('a[href^="/"]', (anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
}

/** Shell routes without parameters first: their links give the parameterised ones a concrete page. */
const shellRoutes = [...routes.shell].sort((a, b) => Number(hasParams(a)) - Number(hasParams(b)));

test.describe('accessibility: axe-core over every page, role and language', () => {
  test.afterAll(() => {
    ledger.write('axe-summary');
    console.log(`axe: ${ledger.views} views, violations by impact ${JSON.stringify(ledger.counts())}`);
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
    ledger.expectNoBlocking('guest ');
  });

  for (const role of ROLES) {
    test(`${role}: every page in ru and en`, async ({ page }) => {
      test.setTimeout(480_000);
      trackRequests(page);
      await loginViaApi(page, USERS[role]);
      await page.goto('/home');
      for (const lang of LANGS) {
        await setLang(page, lang);
        // One load per language; pages after it are reached as a user's clicks reach them.
        await page.goto('/home', { waitUntil: 'domcontentloaded' });
        const seen = new Set<string>();
        for (const route of shellRoutes) {
          const pattern = routePattern(route);
          const target = hasParams(route)
            ? ([...seen].find((href) => pattern.test(href)) ?? PARAM_HINTS[route])
            : route;
          if (!target) {
            test.info().annotations.push({ type: 'not reached', description: `${role} ${route}` });
            continue;
          }
          const started = Date.now();
          await navigate(page, target);
          await settle(page);
          if (process.env.A11Y_DEBUG) console.log(`settle ${target}: ${Date.now() - started} ms`);
          // A page this role may not open sends it elsewhere (root-only pages): nothing to check here.
          if (!pattern.test(new URL(page.url()).pathname)) continue;
          for (const href of await linksOn(page)) seen.add(href);
          await ledger.check(page, `${role} ${lang} ${target}`);
          if (SCREENS) await screens(page, `${role}${target.replaceAll('/', '-')}-${lang}`);
        }
      }
      ledger.expectNoBlocking(`${role} `);
    });
  }

  test('main dialogs and header menus (admin, ru and en)', async ({ page }) => {
    test.setTimeout(360_000);
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
    ledger.expectNoBlocking('dialog ');
  });

});

async function screens(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `a11y-${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  await saveScreenshot(page, `a11y-${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

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
    path: '/list',
    open: async (page) => {
      await selectFirstSimRow(page);
      await page.getByTestId('sims-actions').click();
      await visible(page, '.p-overlaypanel');
    },
  },
  {
    name: 'block-dialog',
    path: '/list',
    open: async (page) => {
      await selectFirstSimRow(page);
      await openOperations(page);
      await page.getByTestId('sims-action-queue_block').click();
      await visible(page, '.p-dialog');
    },
  },
  {
    name: 'sms-dialog',
    path: '/list',
    open: async (page) => {
      await selectFirstSimRow(page);
      await openOperations(page);
      await page.getByTestId('sims-action-queue_sms').click();
      await visible(page, '.p-dialog');
    },
  },
];
