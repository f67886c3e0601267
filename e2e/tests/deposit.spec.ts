import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { adjustBalance, balanceCents, companyIdByName, minusToBelowZero } from '../support/deposit.js';
import { saveScreenshot } from '../support/screens.js';
import { chooseOption } from '../support/sims.js';
import { openShell, startInLang } from '../support/ui.js';

const CHILD = 'Demo Logistics North';

test.describe('deposit (/deposit)', () => {
  test('a company user sees its own ledger, opening balance included; no balance change for them', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.admin);
    await openShell(page, '/deposit');
    await expect(page.getByTestId('page-title')).toHaveText('Deposit');
    const table = page.getByTestId('deposit-table');
    await expect(table).toContainText('Opening balance');
    await expect(table).toContainText('Demo Logistics LLC');
    await expect(table).not.toContainText(CHILD);
    await expect(page.getByTestId('deposit-adjust-open')).toHaveCount(0);

    // The child company is in the filter; the choice lives in the URL.
    await chooseOption(page, page.getByTestId('deposit-filter-company'), CHILD);
    await expect(page).toHaveURL(/company=\d+/);
    await expect(table).toContainText(CHILD);
    await chooseOption(page, page.getByTestId('deposit-filter-type'), 'Charge');
    await expect(page).toHaveURL(/type=charge/);
    await page.reload();
    await expect(page.getByTestId('deposit-filter-type')).toContainText('Charge');
  });

  test('root runs a company dry with -N and puts it back with +N; the ledger shows both', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.root);
    const childId = await companyIdByName(page.request, CHILD);
    const before = await balanceCents(page.request, childId);
    await openShell(page, `/deposit?company=${childId}`);
    await expect(page.getByTestId('deposit-table')).toContainText('Opening balance');

    await page.getByTestId('deposit-adjust-open').click();
    const dialog = page.getByTestId('deposit-adjust-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('adjust-company')).toContainText(CHILD);
    await page.getByTestId('adjust-amount').fill('100');
    await page.getByTestId('adjust-reason').fill('E2E: runs dry');
    await page.getByTestId('adjust-submit').click();
    await expect(dialog).toContainText(
      'Enter the change as +N or -N EUR with at most two decimals, e.g. +100 or -12.50',
    );
    await saveScreenshot(page, 'deposit-adjust-invalid-en');

    const minus = minusToBelowZero(before, 5);
    await page.getByTestId('adjust-amount').fill(minus);
    await page.getByTestId('adjust-submit').click();
    const confirm = page.locator('.p-confirm-dialog');
    await expect(confirm).toContainText(`Change the balance of ${CHILD} by`);
    await confirm.getByRole('button', { name: 'Change' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.p-toast-message')).toContainText('New balance: -€5.00');

    const first = page.getByTestId('deposit-table').locator('tbody tr').first();
    await expect(first).toContainText('Adjustment');
    await expect(first).toContainText('E2E: runs dry');
    await expect(first).toContainText('Roman Root');
    await expect(first).toContainText('-€5.00');
    await expect(first.getByTestId('deposit-amount')).toHaveClass(/deposit-amount--minus/);
    await saveScreenshot(page, 'deposit-ledger-en');

    // Back above zero (through the API; the UI path is the same call), so the financial blocks lift.
    await adjustBalance(page.request, childId, '+10', 'E2E: top-up back');
    expect(await balanceCents(page.request, childId)).toBe(500);
    await page.reload();
    await expect(page.getByTestId('deposit-table').locator('tbody tr').first()).toContainText('+€10.00');
  });

  test('Russian texts', async ({ page }) => {
    await startInLang(page, 'ru');
    await loginViaApi(page, USERS.root);
    await openShell(page, '/deposit');
    await expect(page.getByTestId('page-title')).toHaveText('Депозит');
    await expect(page.getByTestId('deposit-table')).toContainText('Начальный баланс');
    await expect(page.getByTestId('deposit-table')).toContainText('Корректировка');
    await saveScreenshot(page, 'deposit-ledger-ru');
    await page.getByTestId('deposit-adjust-open').click();
    await expect(page.getByTestId('deposit-adjust-dialog')).toContainText('Изменение баланса');
    await saveScreenshot(page, 'deposit-ru');
  });
});
