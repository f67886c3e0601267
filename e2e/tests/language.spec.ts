import { expect, test } from '@playwright/test';
import { cookieValue, loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell } from '../support/ui.js';
import { tapWebSocket } from '../support/ws.js';

test.describe('language (spec §3, §7, §9)', () => {
  test('Russian is the default when nothing is stored', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('page-title')).toHaveText('Вход');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ru');
  });

  test('English on the login screen persists across a reload', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('lang-en').click();
    await expect(page.getByTestId('page-title')).toHaveText('Sign in');
    await expect(page.getByTestId('lang-en')).toHaveAttribute('aria-pressed', 'true');
    await saveScreenshot(page, 'login-en');
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText('Sign in');
  });

  test('switching to English: texts, storage, ?lang=en calls, the socket, and a reload', async ({ page, context }) => {
    const ws = await tapWebSocket(page);
    await loginViaApi(page, USERS.admin);

    const meRu = page.waitForRequest((r) => r.url().includes('/api/service/me'));
    await openShell(page);
    const firstMe = await meRu;
    expect(new URL(firstMe.url()).searchParams.get('lang')).toBe('ru');
    const headers = firstMe.headers();
    expect(headers['authorization']).toBe(`Bearer ${await cookieValue(context, 'token')}`);
    expect(headers['x-app-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers['content-type']).toContain('application/json');

    await expect(page.getByTestId('page-title')).toHaveText('Добро пожаловать, Anna');
    await expect(page.getByTestId('menu-list')).toHaveText('Список SIM');
    await expect(page.getByTestId('user-menu')).toContainText('Администратор компании');

    const auth = await ws.waitForSent((m) => m.type === 'auth');
    expect(auth).toEqual({
      type: 'auth',
      data: await cookieValue(context, 'token'),
      x_app_id: headers['x-app-id'],
      lang: 'ru',
    });
    await ws.waitForAuthOk();
    await saveScreenshot(page, 'home-ru');

    const enCall = page.waitForRequest((r) => r.url().includes('/api/') && r.url().includes('lang=en'));
    await page.getByTestId('lang-en').click();
    expect(new URL((await enCall).url()).searchParams.get('lang')).toBe('en');

    await expect(page.getByTestId('page-title')).toHaveText('Welcome, Anna');
    await expect(page.getByTestId('menu-list')).toHaveText('SIM list');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    const langMessage = await ws.waitForSent((m) => m.type === 'lang');
    expect(langMessage).toEqual({ type: 'lang', data: 'en' });
    // Server-made texts follow (the role title comes from /service/me).
    await expect(page.getByTestId('user-menu')).toContainText('Company administrator');
    await saveScreenshot(page, 'home-en');

    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText('Welcome, Anna');
    await expect(page.getByTestId('lang-en')).toHaveAttribute('aria-pressed', 'true');
    await ws.waitForSent((m) => m.type === 'auth' && m.lang === 'en');
  });
});
