import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { startInLang } from '../support/ui.js';
import { saveScreenshot } from '../support/screens.js';

/** Answers /service/me with the real data but update: true (the server says the cabinet is outdated). */
async function forceUpdateFlag(page: Page): Promise<void> {
  await page.route('**/api/service/me*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: { update: boolean } };
    body.result.update = true;
    await route.fulfill({ response, json: body });
  });
}

test.describe('update-required dialog (spec §2)', () => {
  test('is modal, not closable, and gives the key hint for this platform', async ({ page }) => {
    await loginViaApi(page, USERS.viewer);
    await forceUpdateFlag(page);
    await page.goto('/home');

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Требуется обновление');
    await expect(dialog).toContainText('Обновите страницу без использования кэша');
    // Chromium on Linux: the Windows/Linux hint.
    await expect(dialog.locator('.update-dialog__hint')).toHaveText('Нажмите Ctrl+F5');
    await expect(dialog.locator('.p-dialog-header-close')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /закрыть|close/i })).toHaveCount(0);
    await expect(page.locator('.p-dialog-mask')).toBeVisible();

    // Half the viewport wide (width 50%).
    await expect.poll(async () => Math.abs(((await dialog.boundingBox())?.width ?? 0) - 1440 / 2)).toBeLessThan(3);
    await saveScreenshot(page, 'update-dialog');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await page.mouse.click(20, 450); // on the mask
    await expect(dialog).toBeVisible();
    // The page behind cannot be used: the mask takes the clicks.
    const blocked = await page
      .getByTestId('user-menu')
      .click({ trial: true, timeout: 1_500 })
      .then(
        () => false,
        () => true,
      );
    expect(blocked).toBe(true);
  });

  test('a Mac gets Command+Option+R', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    });
    const page = await context.newPage();
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.viewer);
    await forceUpdateFlag(page);
    await page.goto('/home');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Update required');
    await expect(dialog.locator('.update-dialog__hint')).toContainText('Command+Option+R');
    await context.close();
  });

  test('is absent when the server does not ask for it', async ({ page }) => {
    await loginViaApi(page, USERS.viewer);
    const me = page.waitForResponse((r) => r.url().includes('/api/service/me'));
    await page.goto('/home');
    expect(((await (await me).json()) as { result: { update: boolean } }).result.update).toBe(false);
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
