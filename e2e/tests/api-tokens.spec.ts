import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell, startInLang } from '../support/ui.js';

interface SimPage {
  result: { items: Array<{ company_name: string }>; total: number };
}

test.describe('access tokens (company page, tab Access tokens)', () => {
  test('an admin creates a token, the secret calls the API for the company’s SIMs; revoked, it answers 401', async ({
    page,
    request,
  }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.admin);
    await openShell(page, '/company/my');
    await page.getByRole('tab', { name: 'Access tokens' }).click();
    await expect(page.getByTestId('tokens-table')).toContainText('No access tokens yet');
    await saveScreenshot(page, 'company-tokens-empty-en');

    await page.getByTestId('tokens-create').click();
    await page.getByTestId('token-create-submit').click();
    await expect(page.getByText('Enter a name')).toBeVisible();
    await page.getByTestId('token-name').fill('E2E integration');
    await page.getByTestId('token-create-submit').click();
    const dialog = page.getByTestId('token-secret-dialog');
    await expect(dialog).toContainText('shown only once');
    const secret = await page.getByTestId('token-secret').inputValue();
    expect(secret).toMatch(/^cab_/);
    await saveScreenshot(page, 'company-token-secret-en');
    await page.getByTestId('token-secret-done').click();

    const row = page.locator('tr.tokens-row').filter({ hasText: 'E2E integration' });
    await expect(row).toContainText(secret.slice(0, 10));
    await expect(row).toContainText('never');

    const call = () =>
      request.post('/api/sims/list?lang=en', {
        headers: { Authorization: `Bearer ${secret}` },
        data: { page: 0, size: 25 },
      });
    const answer = await call();
    expect(answer.status()).toBe(200);
    const sims = (await answer.json()) as SimPage;
    expect(sims.result.total).toBeGreaterThan(0);
    expect(new Set(sims.result.items.map((s) => s.company_name))).toEqual(new Set(['Demo Logistics LLC']));
    // The token cannot administer the company.
    expect(
      (
        await request.post('/api/tokens/list?lang=en', { headers: { Authorization: `Bearer ${secret}` }, data: {} })
      ).status(),
    ).toBe(403);

    await page.reload();
    await page.getByRole('tab', { name: 'Access tokens' }).click();
    await expect(row).not.toContainText('never');
    await saveScreenshot(page, 'company-tokens-en');

    await row.getByTestId('token-revoke').click();
    const confirm = page.locator('.p-confirm-dialog');
    await expect(confirm).toContainText('E2E integration');
    await confirm.locator('.p-confirm-dialog-accept').click();
    await expect(row).toHaveCount(0);
    expect((await call()).status()).toBe(401);
  });

  test('Russian: the tokens tab', async ({ page }) => {
    await startInLang(page, 'ru');
    await loginViaApi(page, USERS.admin);
    await openShell(page, '/company/my');
    await page.getByRole('tab', { name: 'Токены доступа' }).click();
    await expect(page.getByTestId('tokens-create')).toHaveText(/Создать токен/);
    await page.getByTestId('tokens-create').click();
    await page.getByTestId('token-name').fill('Интеграция');
    await page.getByTestId('token-create-submit').click();
    await expect(page.getByTestId('token-secret-dialog')).toContainText('только один раз');
    await saveScreenshot(page, 'company-token-secret-ru');
    await page.getByTestId('token-secret-done').click();
    await expect(page.locator('tr.tokens-row').filter({ hasText: 'Интеграция' })).toContainText('не использовался');
    await saveScreenshot(page, 'company-tokens-ru');
  });
});
