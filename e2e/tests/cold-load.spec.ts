import { gzipSync } from 'node:zlib';
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

  test('/login: a guest page is sent without the shell chunks, loads neither PrimeReact, the shared app chunks nor the rest of the texts, and stays within its JS budget', async ({ page }) => {
    const scripts: string[] = [];
    const gzipped: Promise<number>[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') gzipped.push(response.body().then((body) => gzipSync(body).length));
    });
    const document = await page.goto('/login');
    expect(await document?.text()).not.toContain('shell-layout');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // A module the login route shares with signed-in pages, left in 'common', brings these along
    // (vite.config.ts LOGIN_ROUTE_SHARED): 186 → 382 KB gzipped when the passkey prompt was.
    expect(scripts.filter((path) => /\/assets\/(prime|common|query)-/.test(path))).toEqual([]);
    // Only the sign-in route's texts (lib/text-parts.ts): the whole Russian file was 34.6 KB of the 188.
    expect(scripts.filter((path) => /\/assets\/(ru|en)-rest-/.test(path))).toEqual([]);
    // ARCHITECTURE §9: at most 150 KB of gzipped JS (bench/login-bundle.mjs prints the figures).
    const total = (await Promise.all(gzipped)).reduce((sum, bytes) => sum + bytes, 0);
    expect(total / 1024, scripts.join(' ')).toBeLessThanOrEqual(150);
  });
});
