import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { startInLang } from '../support/ui.js';

/**
 * The real /api/service/me answer of a company that has no SIM cards yet and whose prepaid balance
 * has run out (balance_problem), like a new company before its first bill is paid.
 */
async function answerNoSimsNoBalance(page: Page): Promise<void> {
  await page.route('**/api/service/me*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: { sim_count: number; company: { balance: number | null; balance_problem: boolean } } };
    body.result.sim_count = 0;
    body.result.company.balance = -1;
    body.result.company.balance_problem = true;
    await route.fulfill({ response, json: body });
  });
}

test.describe('spec §4: the balance popup shows when balance_problem is true, after the empty-SIM dialog (issue 27.11)', () => {
  for (const lang of ['en', 'ru'] as const) {
    test(`no SIM cards and no balance: one dialog at a time, SIM cards first, then the balance (${lang})`, async ({ page }) => {
      await startInLang(page, lang);
      await loginViaApi(page, USERS.viewer);
      await answerNoSimsNoBalance(page);
      await page.goto('/home');
      const emptySim = page.getByTestId('empty-sim-dialog');
      const balance = page.getByTestId('empty-balance-dialog');
      await expect(emptySim).toBeVisible();
      await expect(balance).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(1);

      await page.getByTestId('empty-sim-close').click();
      await expect(emptySim).toBeHidden();
      await expect(balance).toBeVisible();
      await expect(balance).toContainText(lang === 'en' ? 'Your balance is exhausted' : 'Баланс исчерпан');
      await expect(page.getByRole('dialog')).toHaveCount(1);
      await saveScreenshot(page, `balance-after-empty-sim-${lang}-1440`);
      await page.setViewportSize({ width: 390, height: 844 });
      await saveScreenshot(page, `balance-after-empty-sim-${lang}-390`);
      await page.setViewportSize({ width: 1440, height: 900 });

      // Closing clears it for this load (spec §4); the empty-SIM dialog stays closed for the session.
      await page.getByTestId('empty-balance-close').click();
      await expect(balance).toBeHidden();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // A full load asks the server again: the balance is still out, so its dialog is back, alone.
      await page.reload();
      await expect(balance).toBeVisible();
      await expect(emptySim).toHaveCount(0);
      await page.getByTestId('empty-balance-bill').click();
      await expect(page).toHaveURL(/\/docs\?new=1$/);
      await expect(balance).toBeHidden();
    });
  }
});
