import { expect, test } from '@playwright/test';
import { cookieValue, loginViaApi, markNewsSeen, sharedSession, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell, startInLang } from '../support/ui.js';

test.describe('impersonation (spec §4, §6; issue point 8)', () => {
  test('root signs in as the manager from the companies page, Restore puts root back, the audit log shows both', async ({ page }) => {
    await startInLang(page, 'en');
    // The manager's news are seen, so the news drawer does not cover the header after the switch.
    await markNewsSeen(page.request, (await sharedSession(page.request, USERS.manager)).token);
    const root = await loginViaApi(page, USERS.root, { fresh: true });
    await openShell(page, '/companies?query=Demo+Logistics+LLC');
    await page.getByTestId('companies-row').getByTestId('companies-users').click();
    const dialog = page.getByTestId('company-users-dialog');
    await expect(dialog.getByRole('row')).toHaveCount(4);
    await saveScreenshot(page, 'impersonation-users-en');
    await dialog.getByTestId('sign-in-as-manager@demo.local').click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('user-menu')).toContainText('Maxim Managerov');
    expect(await cookieValue(page.context(), 'old_token')).toBe(root.token);
    expect(await cookieValue(page.context(), 'old_id')).toBe(String(root.id));
    const impersonated = await cookieValue(page.context(), 'token');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('menu-restore')).toBeVisible();
    await saveScreenshot(page, 'impersonation-as-manager-en');

    await page.getByTestId('menu-restore').click();
    await expect(page.getByTestId('user-menu')).toContainText('Roman Root');
    expect(await cookieValue(page.context(), 'old_token')).toBeUndefined();
    expect(await cookieValue(page.context(), 'token')).toBe(root.token);
    // The impersonated session was ended on the server.
    const check = await page.request.post('/api/session/check', { headers: { Authorization: `Bearer ${impersonated}` } });
    expect(check.status()).toBe(401);

    await openShell(page, '/companies?query=Demo+Logistics+LLC');
    await page.getByTestId('companies-row').getByTestId('companies-audit').click();
    const audit = page.getByTestId('audit-dialog');
    await audit.getByTestId('audit-action').fill('impersonation');
    const entries = audit.getByTestId('audit-table').locator('tbody tr');
    // Newest first: this flow's two rows (another flow may have signed in as a user of the company before).
    await expect(entries.nth(1)).toBeVisible();
    await expect(entries.nth(0)).toContainText('Operator left the user’s session');
    await expect(entries.nth(1)).toContainText('Operator signed in as the user');
    await expect(entries.nth(0)).toContainText('Maxim Managerov');
    await expect(entries.nth(0)).toContainText('Roman Root');
    await saveScreenshot(page, 'impersonation-audit-en');

    await page.evaluate(() => window.localStorage.setItem('lang', 'ru'));
    await page.reload();
    await page.getByTestId('companies-row').getByTestId('companies-audit').click();
    await page.getByTestId('audit-action').fill('impersonation');
    const ruEntries = page.getByTestId('audit-table').locator('tbody tr');
    await expect(ruEntries.nth(1)).toBeVisible();
    await expect(ruEntries.first()).toContainText('Оператор вышел из сессии пользователя');
    await saveScreenshot(page, 'impersonation-audit-ru');
  });
});
