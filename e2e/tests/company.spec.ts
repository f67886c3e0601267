import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell, startInLang } from '../support/ui.js';

const confirmDialog = (page: Page) => page.locator('.p-confirm-dialog');
/** Success toasts would cover the table in the screenshot. */
async function closeToasts(page: Page): Promise<void> {
  const close = page.locator('.p-toast-message .p-toast-icon-close');
  // Closing animates; click again until none is left (bounded by the timeout).
  await expect(async () => {
    if ((await close.count()) > 0) await close.first().click({ timeout: 1000 });
    expect(await close.count()).toBe(0);
  }).toPass({ timeout: 10_000 });
}
const userRow = (page: Page, email: string) => page.locator('tr.users-row').filter({ hasText: email });

test.describe('company page /company/my (spec §3, §6)', () => {
  test('an admin sees the fields, adds a user, blocks, unblocks and deletes it with confirmation', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.admin);
    await openShell(page, '/company/my');
    await expect(page.getByTestId('company-name')).toHaveText('Demo Logistics LLC');
    await expect(page.getByTestId('company-field-contract')).toContainText('Contract');
    await expect(page.getByTestId('company-field-billing_type')).toContainText(/Prepay|Postpay/);
    await expect(page.getByTestId('company-field-balance')).toContainText('€');
    await expect(page.getByTestId('company-children')).toContainText('Demo Logistics North');
    await saveScreenshot(page, 'company-details-en');

    // The admin's own fields: WhatsApp must be international.
    await page.getByTestId('company-edit').click();
    await page.getByTestId('company-input-whatsapp').fill('8 999 123');
    await page.getByTestId('company-save').click();
    await expect(page.getByTestId('company-edit-dialog').getByRole('alert')).toBeVisible();
    await saveScreenshot(page, 'company-edit-dialog-en');
    await page.getByTestId('company-input-whatsapp').fill('+79991234567');
    await page.getByTestId('company-input-responsible').fill('Anna Adminova');
    await page.getByTestId('company-save').click();
    await expect(page.getByTestId('company-field-whatsapp')).toContainText('+79991234567');
    await expect(page.getByTestId('company-field-responsible')).toContainText('Anna Adminova');

    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(userRow(page, 'manager@demo.local')).toContainText('Manager');
    await page.getByTestId('users-add').click();
    await saveScreenshot(page, 'company-user-add-en');
    await page.getByTestId('user-input-email').fill('e2e.user@example.test');
    await page.getByTestId('user-input-first_name').fill('Egor');
    await page.getByTestId('user-input-last_name').fill('Testov');
    await page.getByTestId('user-input-phone').fill('+79990002233');
    await page.getByTestId('user-input-role').selectOption('viewer');
    await page.getByTestId('user-save').click();
    const row = userRow(page, 'e2e.user@example.test');
    await expect(row).toContainText('Viewer');
    await expect(row.getByTestId('user-status')).toHaveText('Active');

    await row.getByTestId('user-block').click();
    await expect(confirmDialog(page)).toContainText('Egor Testov');
    await confirmDialog(page).locator('.p-confirm-dialog-accept').click();
    await expect(row.getByTestId('user-status')).toHaveText('Blocked');
    await closeToasts(page);
    await saveScreenshot(page, 'company-users-en');

    await row.getByTestId('user-unblock').click();
    await confirmDialog(page).locator('.p-confirm-dialog-accept').click();
    await expect(row.getByTestId('user-status')).toHaveText('Active');

    // Cancelling the delete keeps the user; confirming removes it.
    await row.getByTestId('user-delete').click();
    await confirmDialog(page).locator('.p-confirm-dialog-reject').click();
    await expect(row).toHaveCount(1);
    await row.getByTestId('user-delete').click();
    await expect(confirmDialog(page)).toContainText('cannot be undone');
    await saveScreenshot(page, 'company-user-delete-confirm-en');
    await confirmDialog(page).locator('.p-confirm-dialog-accept').click();
    await expect(row).toHaveCount(0);

    // The admin cannot block or delete themselves.
    const self = userRow(page, 'admin@demo.local');
    await expect(self.getByTestId('user-block')).toBeDisabled();
    await expect(self.getByTestId('user-delete')).toBeDisabled();
  });

  test('Russian: the tabs and the users list are translated', async ({ page }) => {
    await startInLang(page, 'ru');
    await loginViaApi(page, USERS.admin);
    await openShell(page, '/company/my');
    await expect(page.getByRole('tab', { name: 'Реквизиты' })).toBeVisible();
    await expect(page.getByTestId('company-field-billing_type')).toContainText(/Предоплата|Постоплата/);
    await saveScreenshot(page, 'company-details-ru');
    await page.getByRole('tab', { name: 'Пользователи' }).click();
    await expect(userRow(page, 'manager@demo.local')).toContainText('Менеджер');
    await saveScreenshot(page, 'company-users-ru');
  });

  test('a viewer sees the company read-only, without the users and tokens tabs; another company is not found', async ({
    page,
  }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.viewer);
    await openShell(page, '/company/my');
    await expect(page.getByTestId('company-field-name')).toContainText('Demo Logistics');
    await expect(page.getByTestId('company-edit')).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Access tokens' })).toHaveCount(0);
    await saveScreenshot(page, 'company-viewer-en');

    // A child company opens from the list.
    await page.getByTestId('company-children').getByRole('link', { name: 'Demo Logistics North' }).click();
    await expect(page.getByTestId('company-name')).toHaveText('Demo Logistics North');
    await expect(page.getByTestId('company-field-country')).toContainText('RU');

    await page.goto('/company/1');
    await expect(page.getByTestId('company-not-found')).toContainText('Company not found');
    await saveScreenshot(page, 'company-not-found-en');
  });
});
