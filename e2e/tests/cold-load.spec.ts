import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { startInLang } from '../support/ui.js';

/**
 * The cold load of a signed-in page (README "What keeps the cold load of a signed-in page short"):
 * the page the server sends names the shell's chunks, and the entry's early requests are the ones
 * the page uses: the user data and the list's page are asked for once each, not again by the queries.
 */
test.describe('cold load of a signed-in page', () => {
  test('/list: the shell chunks are named up front; the user data and the first page are asked for once', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.manager);
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) calls.push(path);
    });
    const document = await page.goto('/list?blocked=2');
    const html = (await document?.text()) ?? '';
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/shell-layout-[\w-]+\.js">/);
    await expect(page.getByTestId('sims-row').first()).toBeVisible();
    await expect(page.getByTestId('sims-total')).toHaveAttribute('data-exact', 'true');
    expect(calls.filter((path) => path === '/api/service/me')).toHaveLength(1);
    expect(calls.filter((path) => path === '/api/sims/list')).toHaveLength(1);
  });

  test('/login: a guest page is sent without the shell chunks, and loads neither PrimeReact nor the shared app chunks', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const document = await page.goto('/login');
    expect(await document?.text()).not.toContain('shell-layout');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // A module the login route shares with signed-in pages, left in 'common', brings these along
    // (vite.config.ts LOGIN_ROUTE_SHARED): 186 → 382 KB gzipped when the passkey prompt was.
    expect(scripts.filter((path) => /\/assets\/(prime|common|query)-/.test(path))).toEqual([]);
  });
});
