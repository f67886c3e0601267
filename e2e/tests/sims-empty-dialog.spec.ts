import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { startInLang } from '../support/ui.js';

/** The real /api/service/me answer with sim_count 0: a company that has no SIM cards yet. */
async function answerNoSims(page: Page): Promise<void> {
  await page.route('**/api/service/me*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: { sim_count: number } };
    body.result.sim_count = 0;
    await route.fulfill({ response, json: body });
  });
}

test.describe('empty-SIM dialog (spec §2, §4)', () => {
  test('offers an order; "Create order request" goes to /orders?new=1 and it does not come back', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.viewer);
    await answerNoSims(page);
    await page.goto('/home');
    const dialog = page.getByTestId('empty-sim-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You have no SIM cards yet');
    await expect(page.getByTestId('empty-sim-order')).toHaveText('Create order request');
    await expect(page.getByTestId('empty-sim-orders')).toHaveText('Go to orders');
    await saveScreenshot(page, 'empty-sim-dialog');

    await page.getByTestId('empty-sim-order').click();
    await expect(page).toHaveURL(/\/orders\?new=1$/);
    await expect(page.getByTestId('page-title')).toHaveText('Orders');
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'Groups' }).first().click();
    await expect(page).toHaveURL(/\/groups$/);
    await expect(page.getByTestId('page-title')).toHaveText('Groups');
    await expect(dialog).toBeHidden();
  });

  test('closing keeps it closed for the session with the home count still 0; "Go to orders" opens /orders', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.viewer);
    await answerNoSims(page);
    await page.goto('/home');
    const dialog = page.getByTestId('empty-sim-dialog');
    await expect(dialog).toBeVisible();
    await page.getByTestId('empty-sim-close').click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'SIM list' }).first().click();
    await expect(page).toHaveURL(/\/list$/);
    await expect(page.getByTestId('sims-table')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Closed for the session (spec: "closing sets it to 1"), while the home card keeps the real count.
    await page.goto('/home');
    await expect(page.getByTestId('home-sims').locator('.stat-card__value')).toHaveText(/^0\D/);
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('home-sims').locator('.stat-card__value')).toHaveText(/^0\D/);
    await expect(dialog).toBeHidden();

    // A new browser session offers it again; its orders link works.
    await page.evaluate(() => window.sessionStorage.clear());
    await page.reload();
    await expect(dialog).toBeVisible();
    await page.getByTestId('empty-sim-orders').click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(dialog).toBeHidden();
  });

  test('a company with SIM cards never sees it', async ({ page }) => {
    await loginViaApi(page, USERS.viewer);
    const me = page.waitForResponse((r) => r.url().includes('/api/service/me'));
    await page.goto('/home');
    expect(((await (await me).json()) as { result: { sim_count: number } }).result.sim_count).toBeGreaterThan(0);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.getByTestId('empty-sim-dialog')).toHaveCount(0);
  });
});
