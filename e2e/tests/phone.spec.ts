import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, sharedSession, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { listSims, selectFirstSimRow } from '../support/sims.js';
import { openShell, startInLang } from '../support/ui.js';

/* Issue 14 point 1: the signed-in cabinet on a phone (390 × 844) and at 200% zoom. */

test.use({ viewport: { width: 390, height: 844 } });

/** Nothing sticks out to the right: the page is as wide as the screen. */
async function expectNoSideScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

async function expectOnScreen(page: Page, testId: string): Promise<void> {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  if (!box) return;
  expect(box.x, testId).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, testId).toBeLessThanOrEqual(390);
}

test.describe('phone layout', () => {
  test('the side menu is a drawer: closed at first, opened from the header, closed by Escape and by navigation', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.admin);
    await openShell(page, '/home');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeHidden();
    for (const id of ['sidebar-open', 'notify-bell', 'queue-counter', 'user-menu']) await expectOnScreen(page, id);
    await expectNoSideScroll(page);
    await saveScreenshot(page, 'phone-home-en');

    const open = page.getByTestId('sidebar-open');
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    await expect(sidebar).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    // Focus moved into the drawer; language, APN and news live there on a phone.
    await expect(sidebar.locator(':focus')).toHaveCount(1);
    await expect(sidebar.getByTestId('lang-switch')).toBeVisible();
    await saveScreenshot(page, 'phone-drawer-en');
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await sidebar.getByTestId('menu-orders').click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(sidebar).toBeHidden();
    await expect(page.getByTestId('page-title')).toHaveText('Orders');
    await expectNoSideScroll(page);

    // The personal menu (Log out) is reachable.
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('menu-logout')).toBeVisible();
    await expectOnScreen(page, 'menu-logout');
  });

  test('finds a SIM by part of its ICCID and blocks it', async ({ page }) => {
    await startInLang(page, 'ru');
    await loginViaApi(page, USERS.manager);
    const token = (await sharedSession(page.request, USERS.manager)).token;
    const candidates = await listSims(page.request, token, { size: 100, filter: { blocked: 2 } });
    const sim = candidates.items.find((row) => row.profile !== 'MF') ?? candidates.items[0];
    if (!sim) throw new Error('no unblocked SIM in the demo data');
    const part = sim.iccid.slice(-9);

    await openShell(page, '/list');
    await expectNoSideScroll(page);
    await page.getByTestId('sims-filter-query').fill(part);
    const rows = page.getByTestId('sims-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(sim.iccid);
    await expect(page).toHaveURL(new RegExp(`query=${part}`));
    await saveScreenshot(page, 'phone-list-found-ru');
    // The found list is a link too: opened afresh it shows the same SIM.
    await page.reload();
    await expect(rows).toHaveCount(1);

    // The row's checkbox is reachable on the phone.
    await selectFirstSimRow(page);
    await page.getByTestId('sims-actions').click();
    await page.getByTestId('sims-action-queue_block').click();
    const dialog = page.getByTestId('op-dialog');
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await saveScreenshot(page, 'phone-block-dialog-ru');
    await page.getByTestId('op-confirm').click();
    await expect(dialog).toBeHidden();

    await expect
      .poll(async () => (await listSims(page.request, token, { filter: { query: sim.iccid } })).items[0]?.block_type, {
        timeout: 30_000,
      })
      .toBe('voluntary');
  });

  test('every main page fits the phone without sideways scrolling', async ({ page }) => {
    test.setTimeout(120_000);
    await startInLang(page, 'ru');
    await loginViaApi(page, USERS.admin);
    for (const path of ['/home', '/list', '/groups', '/orders', '/docs', '/deposit', '/notifies', '/profile', '/company/my']) {
      await openShell(page, path);
      await expectNoSideScroll(page);
      for (const id of ['notify-bell', 'queue-counter', 'user-menu']) await expectOnScreen(page, id);
    }
  });
});

test.describe('200% zoom', () => {
  // A 1440 px window at 200% zoom lays out like a 720 px one at twice the size.
  test.use({ viewport: { width: 720, height: 450 }, deviceScaleFactor: 2 });

  test('the shell switches to the drawer and the header fits', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.manager);
    await openShell(page, '/list');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await expect(page.getByTestId('sidebar-open')).toBeVisible();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    await saveScreenshot(page, 'zoom200-list-en');
  });
});
