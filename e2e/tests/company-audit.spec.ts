import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiLogin, loginViaApi, USERS } from '../support/auth.js';
import { AxeLedger } from '../support/axe.js';
import { DESKTOP, PHONE } from '../support/page-sweep.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell, startInLang, switchLang } from '../support/ui.js';

/*
 * Issue 22.6: the company's own audit log. Root signs in as the company's manager and back; the
 * company admin finds it in the log (with the operator named), a failed sign-in with its browser,
 * filters by action, exports the same filter as CSV — in en at 1440 px and ru at 390 px, with axe.
 * The manager has no such page.
 */

const ledger = new AxeLedger();

test('the company admin reads, filters and exports the audit log and sees the operator’s impersonation (en 1440, ru 390)', async ({ page }) => {
  test.setTimeout(120_000);
  // What the log is to show: root's sign-in as the manager and back, and a failed sign-in of the admin.
  const root = await apiLogin(page.request, USERS.root);
  const manager = await apiLogin(page.request, USERS.manager);
  const started = await page.request.post('/api/users/impersonate?lang=en', { headers: { Authorization: `Bearer ${root.token}` }, data: { id: manager.id } });
  expect(started.status()).toBe(200);
  const asManager = ((await started.json()) as { result: { token: string } }).result.token;
  expect((await page.request.post('/api/users/impersonate/end?lang=en', { headers: { Authorization: `Bearer ${asManager}` }, data: {} })).status()).toBe(200);
  const failed = await page.request.post('/api/login?lang=en', { headers: { 'User-Agent': 'AuditFlow/1.0 (e2e)' }, data: { email: USERS.admin, password: 'not-the-password' } });
  expect(failed.status()).toBe(401);

  await startInLang(page, 'en');
  await page.setViewportSize(DESKTOP);
  await loginViaApi(page, USERS.admin);
  await openShell(page, '/home');
  await page.getByTestId('menu-audit').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const table = page.getByTestId('audit-table');
  await expect(table.getByTestId('audit-action').first()).toBeVisible();

  // The operator's sign-in as the manager, named as the operator.
  await page.goto('/audit?action=impersonation_start');
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toContainText('Operator signed in as the user');
  await expect(rows.first()).toContainText('Maxim Managerov');
  await expect(rows.first().getByTestId('audit-operator')).toContainText('root@demo.local');
  await expect(table.getByTestId('audit-action').filter({ hasNotText: 'Operator signed in as the user' })).toHaveCount(0);
  await ledger.check(page, 'audit en 1440');
  await saveScreenshot(page, 'company-audit-en-1440');

  // The same filter exported.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('audit-export-csv').click();
  const csv = await readFile((await (await downloading).path()) ?? '', 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trim().split('\n');
  expect(lines[0]).toBe('Time (UTC),User,E-mail,Action,Action code,Operator acting as the user,API token,IP,Browser,Details');
  expect(lines.length).toBeGreaterThanOrEqual(2);
  expect(lines.slice(1).every((line) => line.includes('impersonation_start'))).toBe(true);
  expect(lines[1]).toContain('root@demo.local');

  // The failed sign-in, chosen in the action filter as a user would, in Russian on a phone.
  // The language switch sits in the header at 1440 px (on a phone it is in the menu).
  await switchLang(page, 'ru');
  await page.setViewportSize(PHONE);
  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Журнал действий' })).toBeVisible();
  await page.getByTestId('audit-filter-action').click();
  // The open list of Russian actions is wider than a phone: it must stay inside the screen.
  const panel = await page.locator('.p-dropdown-panel').boundingBox();
  expect((panel?.x ?? -1) >= 0 && (panel?.x ?? 0) + (panel?.width ?? Infinity) <= PHONE.width, `open action list ${JSON.stringify(panel)} inside ${PHONE.width} px`).toBe(true);
  await page.locator('.p-dropdown-filter').fill('Неудачный');
  await page.getByRole('option', { name: 'Неудачный вход' }).click();
  await expect(page).toHaveURL(/action=login_failed/);
  const failedRow = page.getByTestId('audit-table').locator('tbody tr').first();
  await expect(failedRow).toContainText('Неудачный вход');
  await expect(failedRow).toContainText('Anna Adminova');
  await expect(failedRow).toContainText('AuditFlow');
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'page width at 390 px').toBeLessThanOrEqual(client ?? 0);
  await ledger.check(page, 'audit ru 390');
  await saveScreenshot(page, 'company-audit-ru-390');
  ledger.expectNoFindings('audit');
});

test('the manager has no audit log: no menu entry, and /audit leads home', async ({ page }) => {
  await startInLang(page, 'en');
  await loginViaApi(page, USERS.manager);
  await openShell(page, '/home');
  await expect(page.getByTestId('menu-audit')).toHaveCount(0);
  await page.goto('/audit');
  await expect(page).toHaveURL(/\/home$/);
});
