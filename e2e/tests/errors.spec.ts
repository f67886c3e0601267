import { expect, test } from '@playwright/test';
import { loginViaApi, sessionCookies, setCookies, USERS } from '../support/auth.js';
import { apiStartRegistration, uniqueSuffix } from '../support/register.js';
import { openShell, startInLang, toasts } from '../support/ui.js';

test.describe('error handling (spec §8)', () => {
  test('424 registration_unfinished sends the user to /register?step=2 without a toast', async ({ page, request }) => {
    // A company that stopped after the Welcome step: every cabinet call answers 424.
    const session = await apiStartRegistration(request, `unfinished-${uniqueSuffix()}@e2e.example`);
    await setCookies(page.context(), sessionCookies(session));
    await page.goto('/home');
    await expect(page).toHaveURL(/\/register\?step=2$/);
    await expect(page.getByTestId('page-title')).toHaveText('Регистрация');
    await expect(page.locator('.p-toast-message')).toHaveCount(0);
  });

  test('the default error toast shows the server message top-right for 3 s', async ({ page }) => {
    await loginViaApi(page, USERS.viewer);
    await page.route('**/api/notify/list*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Boom', code: 'internal' }),
      }),
    );
    await openShell(page);
    const toast = toasts(page, 'top-right').first();
    await expect(toast).toBeVisible();
    await expect(toast.locator('.p-toast-summary')).toHaveText('Ошибка');
    await expect(toast.locator('.p-toast-detail')).toHaveText('Boom');
    await expect(toast).toHaveClass(/p-toast-message-error/);

    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (box && viewport) {
      expect(box.y).toBeLessThan(150);
      expect(viewport.width - (box.x + box.width)).toBeLessThan(60);
    }
    // Toast life is 3000 ms (one retry may add a second toast a second later).
    await expect(toasts(page, 'top-right')).toHaveCount(0, { timeout: 9_000 });
  });

  test('an error without a message shows the generic text', async ({ page }) => {
    await loginViaApi(page, USERS.viewer);
    await page.route('**/api/notify/list*', (route) => route.fulfill({ status: 500, body: '' }));
    await openShell(page);
    const toast = toasts(page, 'top-right').first();
    await expect(toast.locator('.p-toast-summary')).toHaveText('Ошибка');
    await expect(toast.locator('.p-toast-detail')).toHaveText('Непредвиденная ошибка, попробуйте позже');
  });

  test('in English the toast title is Error', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.viewer);
    await page.route('**/api/queue/list*', (route) => route.fulfill({ status: 502, body: '<html>Bad gateway</html>' }));
    await openShell(page);
    const toast = toasts(page, 'top-right').first();
    await expect(toast.locator('.p-toast-summary')).toHaveText('Error');
    await expect(toast.locator('.p-toast-detail')).toHaveText('Unexpected error, please try again later');
  });
});
