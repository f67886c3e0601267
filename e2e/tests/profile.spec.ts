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

  test('the profile language is the interface language: the header switch changes both, the server follows', async ({ page }) => {
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.viewer);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-lang')).toHaveValue('en');
    await page.getByTestId('profile-first-name').fill('Vera typed');
    await page.getByTestId('lang-ru').click();
    await expect(page.getByTestId('profile-lang')).toHaveValue('ru');
    // Other unsaved edits survive the switch.
    await expect(page.getByTestId('profile-first-name')).toHaveValue('Vera typed');
    // The socket told the server: the profile reads Russian too.
    await expect(async () => {
      const profile = await page.request.post('/api/profile/get?lang=ru', { headers: { Authorization: `Bearer ${session.token}` }, data: {} });
      expect(((await profile.json()) as { result: { lang: string } }).result.lang).toBe('ru');
    }).toPass({ timeout: 10_000 });
    await page.getByTestId('lang-en').click();
    await expect(page.getByTestId('profile-lang')).toHaveValue('en');
    await expect(async () => {
      const profile = await page.request.post('/api/profile/get?lang=en', { headers: { Authorization: `Bearer ${session.token}` }, data: {} });
      expect(((await profile.json()) as { result: { lang: string } }).result.lang).toBe('en');
    }).toPass({ timeout: 10_000 });
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
