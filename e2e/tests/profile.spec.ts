import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { startInLang } from '../support/ui.js';

test.describe('profile /profile (spec §3, §5)', () => {
  test('saves the name (the header follows) and shows this device among the sessions', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.agent);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-first-name')).toHaveValue('Artem');
    await expect(page.getByTestId('session-row').filter({ hasText: 'This device' })).toHaveCount(1);

    await page.getByTestId('profile-first-name').fill('Artemy');
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('user-menu')).toContainText('Artemy Agentov');
    await page.reload();
    await expect(page.getByTestId('profile-first-name')).toHaveValue('Artemy');
    await saveScreenshot(page, 'profile-en');

    // Put the demo user back as it was.
    await page.getByTestId('profile-first-name').fill('Artem');
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('user-menu')).toContainText('Artem Agentov');
  });

  test('password change: repeat must match, and a wrong current password is refused in Russian', async ({ page }) => {
    await loginViaApi(page, USERS.agent);
    await page.goto('/profile');
    await page.getByTestId('password-current').fill('not-the-password');
    await page.getByTestId('password-new').fill('new-password-1');
    await page.getByTestId('password-repeat').fill('new-password-2');
    await page.getByTestId('password-save').click();
    await expect(page.getByText('Пароли не совпадают')).toBeVisible();

    await page.getByTestId('password-repeat').fill('new-password-1');
    const answer = page.waitForResponse((r) => r.url().includes('/api/profile/password'));
    await page.getByTestId('password-save').click();
    expect((await answer).status()).toBe(422);
    await expect(page.getByText('Неверный пароль')).toBeVisible();
    await saveScreenshot(page, 'profile-ru-wrong-password');
  });
});
