import { expect, test } from '@playwright/test';
import { saveScreenshot } from '../support/screens.js';
import { startInLang } from '../support/ui.js';

test.describe('password recovery /forgot (spec §2, §5)', () => {
  test('asking for a link shows the same notice whether or not the e-mail is known', async ({ page }) => {
    await startInLang(page, 'en');
    for (const email of ['viewer@demo.local', 'nobody@nowhere.example']) {
      await page.goto('/forgot');
      await page.getByTestId('forgot-email').fill(email);
      const answer = page.waitForResponse((r) => r.url().includes('/api/forgot/request'));
      await page.getByTestId('forgot-submit').click();
      expect((await answer).status()).toBe(200);
      await expect(page.getByTestId('forgot-sent')).toBeVisible();
    }
    await saveScreenshot(page, 'forgot-sent-en');
  });

  test('a reset link checks the repeat and refuses an unknown token in Russian', async ({ page }) => {
    await page.goto('/forgot?token=not-a-real-token');
    await page.getByTestId('reset-password').fill('brand-new-pass-1');
    await page.getByTestId('reset-repeat').fill('brand-new-pass-2');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText('Пароли не совпадают')).toBeVisible();
    await page.getByTestId('reset-repeat').fill('brand-new-pass-1');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByText('Ссылка недействительна или устарела')).toBeVisible();
    await expect(page.getByTestId('reset-done')).toHaveCount(0);
    await saveScreenshot(page, 'forgot-reset-ru');
  });
});
