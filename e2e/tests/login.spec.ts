import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';

test.describe('login screen (spec §1, §4, §8)', () => {
  test('the header on /login shows only the language switch', async ({ page }) => {
    await page.goto('/login');
    const header = page.getByTestId('header');
    await expect(header.getByTestId('lang-switch')).toBeVisible();
    await expect(header.getByTestId('lang-ru')).toHaveAttribute('aria-pressed', 'true');
    for (const id of ['notify-bell', 'user-menu', 'queue-counter', 'news-button', 'apn-button']) {
      await expect(page.getByTestId(id), id).toHaveCount(0);
    }
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(page.getByTestId('page-title')).toHaveText('Вход');
    await saveScreenshot(page, 'login-ru');
  });

  test('a wrong password shows the server message, localized after switching to English', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-email').fill(USERS.viewer);
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('Неверный e-mail или пароль');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByTestId('lang-en').click();
    await expect(page.getByTestId('page-title')).toHaveText('Sign in');
    await expect(page.getByTestId('login-error')).toHaveText('Неверный e-mail или пароль'); // a server text, kept until resent
    const answer = page.waitForResponse((r) => r.url().includes('/api/login?lang=en'));
    await page.getByTestId('login-submit').click();
    expect((await answer).status()).toBe(401);
    await expect(page.getByTestId('login-error')).toHaveText('Wrong e-mail or password');
    // No default error toast on top of the inline message.
    await expect(page.locator('.p-toast-message')).toHaveCount(0);
    await saveScreenshot(page, 'login-en-wrong-password');
  });

  test('client-side validation asks for the e-mail and password before calling the server', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/login')) calls += 1;
    });
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-email-error')).toHaveText('Введите e-mail');
    await expect(page.getByTestId('login-password-error')).toHaveText('Введите пароль');
    await page.getByTestId('login-email').fill('not-an-email');
    await page.getByTestId('login-password').fill('x');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-email-error')).toHaveText('Введите корректный e-mail');
    expect(calls).toBe(0);
  });

  test('Enter submits; success stores the session cookies on path / and lands on /home', async ({ page, context }) => {
    await page.goto('/login');
    await page.getByTestId('login-email').fill(USERS.manager);
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-password').press('Enter');

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('page-title')).toHaveText('Добро пожаловать, Maxim');
    await expect(page.getByTestId('user-menu')).toContainText('Maxim Managerov');

    const cookies = await context.cookies();
    for (const name of ['token', 'refresh_token', 'id']) {
      const cookie = cookies.find((c) => c.name === name);
      expect(cookie, `cookie ${name}`).toBeDefined();
      expect(cookie?.path).toBe('/');
      expect(cookie?.value).not.toBe('');
    }
    const token = cookies.find((c) => c.name === 'token')?.value ?? '';
    expect(token.split('.')).toHaveLength(3);
    expect(Number(cookies.find((c) => c.name === 'id')?.value)).toBeGreaterThan(0);
  });
});
