import { expect, test } from '@playwright/test';
import {
  cookieValue,
  expiredJwt,
  jwtExp,
  loginViaApi,
  markNewsSeen,
  setCookies,
  sharedSession,
  USERS,
} from '../support/auth.js';
import { openShell } from '../support/ui.js';

test.describe('session (spec §4, §7, §8)', () => {
  test('logout: menu → /login, tokens removed, the old refresh token is dead', async ({ page, context, request }) => {
    const session = await loginViaApi(page, USERS.admin, { fresh: true });
    await openShell(page);

    await page.getByTestId('user-menu').click();
    const logoutCall = page.waitForRequest((r) => r.url().includes('/api/logout') && r.method() === 'POST');
    await page.getByTestId('menu-logout').click();
    await logoutCall;

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByTestId('notify-bell')).toHaveCount(0);
    await expect.poll(() => cookieValue(context, 'token')).toBeUndefined();
    expect(await cookieValue(context, 'refresh_token')).toBeUndefined();

    const refresh = await request.post('/api/token/refresh', { data: { refresh_token: session.refresh_token } });
    expect(refresh.status()).toBe(401);
    // The server revoked the whole session: the old access token is refused too.
    const me = await request.post('/api/service/me', {
      headers: { Authorization: `Bearer ${session.token}` },
      data: { version: 250314 },
    });
    expect(me.status()).toBe(401);

    // Back to a protected page: still logged out.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired access token on load is refreshed first, then the page works', async ({ page, context }) => {
    const session = await loginViaApi(page, USERS.manager, { fresh: true });
    const stale = expiredJwt();
    await setCookies(context, { token: stale });

    const refreshCall = page.waitForRequest((r) => r.url().includes('/api/token/refresh'));
    const meCall = page.waitForRequest((r) => r.url().includes('/api/service/me'));
    await page.goto('/home');
    const refresh = await refreshCall;
    expect(refresh.method()).toBe('POST');
    expect(refresh.postDataJSON()).toEqual({ refresh_token: session.refresh_token });
    // The first authorized call carries the new token, never the stale one.
    expect((await meCall).headers()['authorization']).not.toBe(`Bearer ${stale}`);

    await expect(page.getByTestId('page-title')).toHaveText('Добро пожаловать, Maxim');
    const token = await cookieValue(context, 'token');
    expect(token).not.toBe(stale);
    expect(jwtExp(token ?? '') * 1000).toBeGreaterThan(Date.now());
    expect(await cookieValue(context, 'refresh_token')).not.toBe(session.refresh_token);
  });

  test('an access token that expires during the session is refreshed before the next call', async ({
    page,
    context,
  }) => {
    await loginViaApi(page, USERS.manager, { fresh: true });
    await openShell(page);
    // Listening before the token expires: a background call right after (a poll) may be the one that
    // refreshes it, and its refresh must still be the first call seen.
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
    });
    await setCookies(context, { token: expiredJwt() });
    calls.length = 0;
    const meCall = page.waitForRequest((r) => r.url().includes('/api/service/me'));
    await page.getByTestId('lang-en').click(); // refetches the server data in English
    await meCall;
    expect(calls[0]).toBe('/api/token/refresh');
    await expect(page.getByTestId('page-title')).toHaveText('Welcome, Maxim');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('an expired access token with a rejected refresh token ends on /login', async ({ page, context }) => {
    await loginViaApi(page, USERS.manager);
    await setCookies(context, { token: expiredJwt(), refresh_token: 'not-a-valid-refresh-token' });
    const refresh = page.waitForResponse((r) => r.url().includes('/api/token/refresh'));
    await page.goto('/home');
    expect((await refresh).status()).toBe(401);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.locator('.p-toast-message')).toHaveCount(0);
  });

  test('restore after impersonation puts root back (client side)', async ({ page, context, request }) => {
    const root = await sharedSession(request, USERS.root);
    await markNewsSeen(request, root.token);
    await loginViaApi(page, USERS.admin);
    await setCookies(context, {
      old_token: root.token,
      old_refresh_token: root.refresh_token,
      old_id: String(root.id),
    });

    await openShell(page);
    await expect(page.getByTestId('user-menu')).toContainText('Anna Adminova');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('menu-restore')).toBeVisible();
    await page.getByTestId('menu-restore').click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('user-menu')).toContainText('Roman Root');
    await expect(page.getByTestId('menu-companies')).toBeVisible();
    expect(await cookieValue(context, 'token')).toBe(root.token);
    expect(await cookieValue(context, 'refresh_token')).toBe(root.refresh_token);
    expect(await cookieValue(context, 'id')).toBe(String(root.id));
    for (const name of ['old_token', 'old_refresh_token', 'old_id']) {
      expect(await cookieValue(context, name), name).toBeUndefined();
    }
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('menu-logout')).toBeVisible();
    await expect(page.getByTestId('menu-restore')).toHaveCount(0);
  });

  test('without saved credentials the user menu has no Restore', async ({ page }) => {
    await loginViaApi(page, USERS.viewer);
    await openShell(page);
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('menu-profile')).toBeVisible();
    await expect(page.getByTestId('menu-restore')).toHaveCount(0);
  });
});
