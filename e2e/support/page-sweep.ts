import { expect, test, type Page, type Request } from '@playwright/test';
import { loginViaApi, USERS } from './auth.js';
import { hasParams, readAppRoutes, routePattern } from './app-routes.js';
import { AxeLedger } from './axe.js';
import { activeTabs, measureTables, scrollTables, seedWideTables } from './layout.js';
import { saveScreenshot } from './screens.js';

/*
 * One walk over every page the router declares, per demo role, in the languages of SWEEP_LANGS; each
 * page is visited once and serves every check made of it:
 * - axe-core (a finding of any impact fails, minor included);
 * - at 1440 px, for the roles in DESKTOP_LAYOUT: every table's last column shows inside its card;
 * - at 390 px, for the roles in PHONE_LAYOUT: no page is wider than the screen, a table drawn as
 *   cards does not scroll sideways, a table that scrolls inside its card says so (a fade at the edge
 *   that hides columns, gone at its end) and is a named keyboard stop, and the active tab of every tab
 *   strip is on screen.
 * Pages are reached as a user's clicks reach them (client-side navigation, one load per language);
 * pages with parameters through links seen on earlier pages. A11Y_SCREENSHOTS=1 also saves each page at
 * 1440 and 390 px. The roles are walked by one spec file each, so the test command can spread them.
 */

export type Role = keyof typeof USERS;
type Lang = 'ru' | 'en';
/**
 * The admin, who sees nearly every page, walks both languages; every other role walks one, the two
 * languages split between them, so each role's own pages (root's tools, the agent's panel) are still
 * seen in one language and the shared pages in both. A page's structure is the same in either
 * language (translations are complete by the locale tests): a second walk per role cost ~2 CPU-minutes
 * of a CI with a 40 CPU-minute budget.
 */
const SWEEP_LANGS: Record<Role, Lang[]> = { admin: ['ru', 'en'], manager: ['en'], viewer: ['ru'], agent: ['ru'], root: ['en'] };
const SCREENS = process.env.A11Y_SCREENSHOTS === '1';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
const SCROLL_HINT: Record<Lang, string> = { ru: 'прокручивается по горизонтали', en: 'scrolls sideways' };

/**
 * Which walks also check the layout at 390 px, and which pages must have shown a scrolling table and
 * a table of cards there (so neither check is vacuous).
 */
const PHONE_LAYOUT: Partial<Record<Role, { langs: Lang[]; wideTables: string[]; cardTables: string[] }>> = {
  admin: { langs: ['ru', 'en'], wideTables: ['/generated_reports'], cardTables: ['/list', '/orders', '/docs', '/deposit', '/operations', '/operations/'] },
  agent: { langs: ['ru'], wideTables: ['/agent/info'], cardTables: ['/agent/info'] },
  root: { langs: ['en'], wideTables: ['/companies'], cardTables: ['/docs', '/orders'] },
};
/** Which walks check, at 1440 px, that each table's last column is inside its card (the SIM list's too). */
const DESKTOP_LAYOUT: Partial<Record<Role, Lang[]>> = { admin: ['ru', 'en'], manager: ['en'], root: ['en'] };

/** Concrete pages for routes whose links are not on any page (the personal menu is closed). */
const PARAM_HINTS: Record<string, string> = { '/company/:id': '/company/my' };

const routes = readAppRoutes();
/** Shell routes without parameters first: their links give the parameterised ones a concrete page. */
const shellRoutes = [...routes.shell].sort((a, b) => Number(hasParams(a)) - Number(hasParams(b)));

/** Requests in flight per page (the websocket is not one). */
const inFlight = new WeakMap<Page, Set<Request>>();

export function trackRequests(page: Page): void {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/** Waits until the page has drawn its data: title, no skeletons or spinners, no requests in flight. */
export async function settle(page: Page): Promise<void> {
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

export async function setLang(page: Page, lang: Lang): Promise<void> {
  await page.evaluate((value) => window.localStorage.setItem('lang', value), lang);
}

async function linksOn(page: Page): Promise<string[]> {
  return page.$$eval('a[href^="/"]', (anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
}

/** At 1440 px: each table's last column is inside its card. */
async function checkDesktopTables(page: Page, view: string): Promise<void> {
  for (const table of await measureTables(page)) {
    expect.soft(table.lastHeaderRight, `${view} [${table.columns}]`).toBeLessThanOrEqual(table.visibleRight + 1);
  }
}

/** What the phone check saw on a page: a table that scrolled, a table of cards. */
interface PhoneTables {
  scrolled: boolean;
  cards: boolean;
}

/** At 390 px (the page is resized and back): the checks of the file comment. */
async function checkPhoneLayout(page: Page, view: string, lang: Lang): Promise<PhoneTables> {
  await page.setViewportSize(PHONE);
  await settle(page);
  try {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(width, `${view} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
    for (const tab of await activeTabs(page)) {
      expect.soft(tab.left, `${view}: active tab starts on screen`).toBeGreaterThanOrEqual(0);
      expect.soft(tab.right, `${view}: active tab ends on screen`).toBeLessThanOrEqual(PHONE.width);
      expect.soft(tab.coveredByArrow, `${view}: active tab clear of the strip's arrows`).toBe(false);
    }
    const tables = await measureTables(page);
    const cards = tables.filter((table) => table.cards);
    for (const table of cards) expect.soft(table.overflows, `${view} [${table.columns}]: cards do not scroll sideways`).toBe(false);
    const wide = tables.filter((table) => table.overflows && !table.cards);
    if (wide.length === 0) return { scrolled: false, cards: cards.length > 0 };
    for (const table of wide) {
      const label = `${view} [${table.columns}]`;
      expect.soft(table.more, label).toContain('right');
      expect.soft(table.mask, `${label}: the right edge fades`).not.toBe('none');
      expect.soft(table.tabIndex, `${label}: keyboard stop`).toBe(0);
      expect.soft(table.role, label).toBe('region');
      expect.soft(table.name, `${label}: named`).toContain(SCROLL_HINT[lang]);
      expect.soft(table.name.length, `${label}: named after its card or page`).toBeGreaterThan(SCROLL_HINT[lang].length + 3);
    }
    await scrollTables(page, 'end');
    // The fade follows the scroll event: on a loaded machine it may take longer than the scroll's wait.
    await expect
      .poll(async () => (await measureTables(page)).filter((t) => t.overflows && t.more.includes('right')).map((t) => t.columns), {
        message: `${view}: no table at its end still says there is more to the right`,
        timeout: 5_000,
      })
      .toEqual([]);
    await scrollTables(page, 'start');
    return { scrolled: true, cards: cards.length > 0 };
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}

async function screens(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `a11y-${name}-1440`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  await saveScreenshot(page, `a11y-${name}-390`);
  await page.setViewportSize(DESKTOP);
}

/** Declares the walk of one role: every page in its languages, each checked as the file comment says. */
export function defineRoleSweep(role: Role): void {
  const ledger = new AxeLedger();
  test.afterAll(() => {
    ledger.write(`axe-summary-${role}`);
    console.log(`axe (${role}): ${ledger.views} views, violations by impact ${JSON.stringify(ledger.counts())}`);
  });

  test(`${role}: every page in ${SWEEP_LANGS[role].join(' and ')} — axe, and the layout at 1440 and 390 px`, async ({ page }) => {
    // 7.5 minutes a language: the admin's two passed 10 minutes at load 20 (2.4 minutes alone).
    test.setTimeout(SWEEP_LANGS[role].length * 450_000);
    trackRequests(page);
    const session = await loginViaApi(page, USERS[role]);
    // The admin's wide tables get rows: a finished ping (its results page) and a generated report file.
    const hints = role === 'admin' ? { ...PARAM_HINTS, '/operations/:id': await seedWideTables(page.request, session.token) } : PARAM_HINTS;
    const phone = PHONE_LAYOUT[role];
    await page.goto('/home');
    for (const lang of SWEEP_LANGS[role]) {
      await setLang(page, lang);
      // One load per language; pages after it are reached as a user's clicks reach them.
      await page.goto('/home', { waitUntil: 'domcontentloaded' });
      const seen = new Set<string>();
      const withWideTables: string[] = [];
      const withCardTables: string[] = [];
      for (const route of shellRoutes) {
        const pattern = routePattern(route);
        const target = hasParams(route) ? (hints[route] ?? [...seen].find((href) => pattern.test(href))) : route;
        if (!target) {
          test.info().annotations.push({ type: 'not reached', description: `${role} ${route}` });
          continue;
        }
        await navigate(page, target);
        await settle(page);
        // A page this role may not open sends it elsewhere (root-only pages): nothing to check here.
        if (!pattern.test(new URL(page.url()).pathname)) continue;
        for (const href of await linksOn(page)) seen.add(href);
        const view = `${role} ${lang} ${target}`;
        await ledger.check(page, view);
        if (DESKTOP_LAYOUT[role]?.includes(lang)) await checkDesktopTables(page, view);
        if (phone?.langs.includes(lang)) {
          const phoneTables = await checkPhoneLayout(page, view, lang);
          if (phoneTables.scrolled) withWideTables.push(target);
          if (phoneTables.cards) withCardTables.push(target);
        }
        if (SCREENS) await screens(page, `${role}${target.replaceAll('/', '-')}-${lang}`);
      }
      // The tables of the screenshot review were seen scrolling (the phone check is not vacuous).
      if (phone?.langs.includes(lang)) {
        for (const path of phone.wideTables) {
          expect.soft(withWideTables.some((seenPath) => seenPath.startsWith(path)), `${lang}: ${path} has a wide table at 390 px`).toBe(true);
        }
        for (const path of phone.cardTables) {
          // A path ending in "/" names a page with an id (an operation's page).
          const seen = withCardTables.some((seenPath) => (path.endsWith('/') ? seenPath.startsWith(path) : seenPath === path));
          expect.soft(seen, `${lang}: ${path} has a table of cards at 390 px`).toBe(true);
        }
      }
    }
    ledger.expectNoFindings(`${role} `);
  });
}

export { routes as appRoutes };
