import { expect, test } from '@playwright/test';
import { apiLogin, loginViaApi, markNewsSeen, setCookies, sharedSession, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { listSims, selectFirstSimRow } from '../support/sims.js';
import { openShell, startInLang, toasts } from '../support/ui.js';

/* Issue 14 points 6 and 7: the impersonation strip and every listed state, each with a check. */

/** A framework's own 500 body (English, no error code), as a proxy or a crash would answer. */
const RAW_500 = { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' };


test.describe('states', () => {
  test('service/me failing shows an error with retry; the error arrives once, in Russian', async ({ page }) => {
    await startInLang(page, 'ru');
    await loginViaApi(page, USERS.manager);
    let failing = true;
    await page.route('**/api/service/me*', async (route) => {
      if (failing) await route.fulfill({ status: 500, json: RAW_500 });
      else await route.fallback();
    });
    await page.goto('/home');
    const error = page.getByTestId('me-error');
    await expect(error).toBeVisible();
    await expect(error).toContainText('Не удалось загрузить данные');
    const shown = toasts(page, 'top-right');
    await expect(shown).toHaveCount(1);
    await expect(shown).toContainText('Непредвиденная ошибка, попробуйте позже');
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
    await saveScreenshot(page, 'states-me-error-ru');

    failing = false;
    await error.getByRole('button', { name: 'Повторить' }).click();
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(error).toBeHidden();
    await expect(page).toHaveTitle(/ — Кабинет SIM$/);
  });

  test('a failing list answers with one localized toast, below the header', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.manager);
    await page.route('**/api/sims/list*', (route) => route.fulfill({ status: 500, json: RAW_500 }));
    await openShell(page, '/home');
    await page.getByTestId('menu-list').click();
    const shown = toasts(page, 'top-right');
    await expect(shown).toHaveCount(1, { timeout: 30_000 });
    await expect(shown).toContainText('Unexpected error, please try again later');
    await page.waitForTimeout(500);
    expect(await shown.count()).toBeLessThanOrEqual(1);
    // Toasts never cover the header's controls.
    const header = await page.getByTestId('header').boundingBox();
    const toast = await shown.first().boundingBox();
    expect(toast && header && toast.y >= header.y + header.height).toBe(true);
  });

  test('the empty-SIM dialog stays closed for the session after Close, reload included', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.viewer);
    await page.route('**/api/service/me*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: { sim_count: number } };
      body.result.sim_count = 0;
      await route.fulfill({ response, json: body });
    });
    await page.goto('/home');
    const dialog = page.getByTestId('empty-sim-dialog');
    await expect(dialog).toBeVisible();
    await page.getByTestId('empty-sim-close').click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('page-title')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(dialog).toBeHidden();
  });

  test('back to the SIM list keeps the filters; a SIM page opens at its top', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.manager);
    await openShell(page, '/list?query=Tracker&pageSize=50');
    await expect(page.getByTestId('sims-row')).toHaveCount(50, { timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 700));
    const link = page.getByTestId('sims-row').nth(20).getByTestId('sims-row-link');
    await link.click();
    await expect(page).toHaveURL(/\/sim\/\d+$/);
    await expect(page.getByTestId('sim-page')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveTitle(/^SIM card .* — SIM Cabinet$/);

    await page.getByTestId('sim-back').click();
    await expect(page).toHaveURL(/\/list\?.*query=Tracker/);
    await expect(page).toHaveURL(/pageSize=50/);
    await expect(page.getByTestId('sims-filter-query')).toHaveValue('Tracker');
  });

  test('an SMS over 70 characters cannot be sent', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.manager);
    // An open SIM: an SMS is not offered for a blocked one.
    await openShell(page, '/list?blocked=2');
    await selectFirstSimRow(page);
    await page.getByTestId('sims-actions').click();
    await page.getByTestId('sims-action-queue_sms').click();
    const text = page.getByTestId('op-sms-text');
    await text.fill('x'.repeat(84));
    await expect(page.getByTestId('op-confirm')).toBeDisabled();
    await expect(page.getByTestId('op-sms-counter')).toHaveClass(/text-danger/);
    await text.fill('x'.repeat(70));
    await expect(page.getByTestId('op-confirm')).toBeEnabled();
    await page.keyboard.press('Escape');
    // Focus goes back to what opened the dialog's menu.
    await expect(page.getByTestId('sims-actions')).toBeFocused();
  });

  test('the order form is prefilled and shows a total only for a valid quantity', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.admin);
    await openShell(page, '/orders?new=1');
    const dialog = page.getByTestId('order-new-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('order-contact')).toHaveValue('Anna Adminova, admin@demo.local');
    await expect(page.getByTestId('order-address')).not.toHaveValue('');
    const amount = page.getByTestId('order-amount');
    await page.getByTestId('order-count').fill('75');
    await expect(amount).toHaveAttribute('data-valid', 'false');
    await expect(amount).not.toContainText('total €');
    await page.getByTestId('order-count').fill('150');
    await expect(amount).toHaveAttribute('data-valid', 'true');
    await expect(amount).toContainText('total €187.50');
    await saveScreenshot(page, 'states-order-form-en');
  });

  test('a long SIM name is refused as it is typed and cut with a tooltip in the list', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.manager);
    const token = (await sharedSession(page.request, USERS.manager)).token;
    const [sim] = (await listSims(page.request, token, { size: 1, filter: { query: '89701000000001000' } })).items;
    if (!sim) throw new Error('no demo SIM');
    await openShell(page, `/sim/${sim.id}`);
    const name = page.getByTestId('sim-rename');
    await name.fill('N'.repeat(101));
    await expect(page.getByTestId('sim-edit').getByRole('alert')).toContainText('100 characters at most');
    await expect(page.getByTestId('sim-save')).toBeDisabled();

    const long = `Long ${'name '.repeat(19)}`.trim().slice(0, 100);
    await name.fill(long);
    await page.getByTestId('sim-save').click();
    await expect(toasts(page, 'top-right').filter({ hasText: 'Success' })).toBeVisible();
    await openShell(page, `/list?query=${sim.iccid}`);
    const cell = page.getByTestId('sims-row').first().locator('td.col-name .sims-table__name');
    await expect(cell).toHaveAttribute('title', long);
    const box = await cell.boundingBox();
    expect(box && box.width).toBeLessThan(260);
    // The ICCID column stays in place when the table scrolls sideways.
    const position = await page.getByTestId('sims-row').first().locator('td.col-iccid').evaluate((td) => getComputedStyle(td).position);
    expect(position).toBe('sticky');
  });

  test('a notification links to its object', async ({ page }) => {
    await startInLang(page, 'ru');
    await loginViaApi(page, USERS.viewer);
    // All notifications (read ones too: other flows may have opened the bell already).
    await openShell(page, '/notifies');
    const msu = page.getByTestId('notifies-item').filter({ hasText: 'заблокирована по MSU' });
    await expect(msu).toHaveCount(1);
    await expect(page.getByTestId('notifies-item').filter({ hasText: /[а-яё]\s\/\s[A-Za-z]/ })).toHaveCount(0);
    await msu.getByTestId('notify-link').click();
    await expect(page).toHaveURL(/\/sim\/\d+$/);
    await expect(page.getByTestId('sim-page')).toContainText('89701000000001000774');
  });

  test('the orders table shows "Оплатить с баланса" whole', async ({ page }) => {
    await startInLang(page, 'ru');
    await loginViaApi(page, USERS.admin);
    await openShell(page, '/orders');
    const pay = page.getByTestId('order-pay-balance').first();
    await expect(pay).toHaveText('Оплатить с баланса');
    const clipped = await pay.evaluate((button) => {
      const label = button.querySelector('.p-button-label');
      return label ? label.scrollWidth > label.clientWidth + 1 : true;
    });
    expect(clipped).toBe(false);

    // The confirmation names the money: the amount on its button and the balance after it.
    await pay.click();
    const confirm = page.locator('.p-confirm-dialog');
    await expect(confirm).toContainText(/Оплатить счёт B-\d{4}-\d+ заказа O-\d{4}-\d+ на [\d\s]+,\d{2}\s€ с баланса компании\? Баланс после оплаты: -?[\d\s]+,\d{2}\s€\./);
    await expect(confirm.locator('.p-confirm-dialog-accept')).toHaveText(/^Оплатить [\d\s]+,\d{2}\s€$/);
    await confirm.locator('.p-confirm-dialog-reject').click();
    await expect(confirm).toBeHidden();
  });

  test('while root acts as another user, a strip on every page says so and Restore ends it', async ({ page }) => {
    await startInLang(page, 'en');
    await markNewsSeen(page.request, (await sharedSession(page.request, USERS.manager)).token);
    const root = await apiLogin(page.request, USERS.root);
    const manager = await page.request.post('/api/service/me', {
      headers: { Authorization: `Bearer ${(await sharedSession(page.request, USERS.manager)).token}` },
      data: { version: 250314 },
    });
    const managerId = ((await manager.json()) as { result: { user: { id: number } } }).result.user.id;
    const impersonated = await page.request.post('/api/users/impersonate', {
      headers: { Authorization: `Bearer ${root.token}` },
      data: { id: managerId },
    });
    expect(impersonated.status()).toBe(200);
    const as = ((await impersonated.json()) as { result: { token: string; refresh_token: string; id: number } }).result;
    await setCookies(page.context(), {
      token: as.token,
      refresh_token: as.refresh_token,
      id: String(as.id),
      old_token: root.token,
      old_refresh_token: root.refresh_token,
      old_id: String(root.id),
    });
    for (const path of ['/home', '/list', '/orders']) {
      await openShell(page, path);
      await expect(page.getByTestId('impersonation-strip')).toHaveText(
        /You are signed in as Maxim Managerov of Demo Logistics LLC/,
        { timeout: 30_000 },
      );
    }
    await saveScreenshot(page, 'states-impersonation-en');
    await page.getByTestId('impersonation-restore').click();
    await expect(page.getByTestId('user-menu')).toContainText('Roman Root');
    await expect(page.getByTestId('impersonation-strip')).toHaveCount(0);
  });
});
