import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell } from '../support/ui.js';

async function sidebarWidth(page: Page): Promise<number> {
  const box = await page.getByTestId('sidebar').boundingBox();
  return Math.round(box?.width ?? -1);
}

test.describe('sidebar (spec §1, §2, §3)', () => {
  test('collapses to 65 px and back to 290 px; the choice survives a reload', async ({ page }) => {
    await loginViaApi(page, USERS.admin);
    await openShell(page);
    await expect.poll(() => sidebarWidth(page)).toBe(290);
    expect(await page.evaluate(() => localStorage.getItem('main-menu-hide'))).toBeNull();

    await page.getByTestId('sidebar-toggle').click();
    await page.mouse.move(900, 500); // off the sidebar, so hovering does not open it
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
    await expect.poll(() => sidebarWidth(page)).toBe(65);
    expect(await page.evaluate(() => localStorage.getItem('main-menu-hide'))).toBe('true');
    // Collapsed: icons only, labels move to tooltips; no balance, no top-up, no contract.
    await expect(page.getByTestId('menu-list')).toHaveAttribute('title', 'Список SIM');
    await expect(page.getByTestId('sidebar-balance')).toHaveCount(0);
    await expect(page.getByTestId('sidebar-topup')).toHaveCount(0);
    await expect(page.getByTestId('sidebar-contract')).toHaveCount(0);
    await expect(page.getByTestId('sidebar-help')).toBeVisible();
    await saveScreenshot(page, 'sidebar-collapsed');

    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect.poll(() => sidebarWidth(page)).toBe(65);

    await page.getByTestId('sidebar-toggle').click();
    await page.mouse.move(900, 500);
    await expect.poll(() => sidebarWidth(page)).toBe(290);
    expect(await page.evaluate(() => localStorage.getItem('main-menu-hide'))).toBe('false');
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect.poll(() => sidebarWidth(page)).toBe(290);
  });

  test('a collapsed sidebar opens while hovered and closes after leaving', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('main-menu-hide', 'true'));
    await loginViaApi(page, USERS.admin);
    await openShell(page);
    await page.mouse.move(900, 500);
    await expect.poll(() => sidebarWidth(page)).toBe(65);

    await page.getByTestId('menu-home').hover();
    await expect.poll(() => sidebarWidth(page), { timeout: 3_000 }).toBe(290);
    await expect(page.getByTestId('sidebar-balance')).toBeVisible();
    // The page does not reflow: the slot keeps the collapsed width.
    const slot = await page.locator('.sidebar-slot').boundingBox();
    expect(Math.round(slot?.width ?? 0)).toBe(65);

    await page.mouse.move(900, 500);
    await expect.poll(() => sidebarWidth(page), { timeout: 3_000 }).toBe(65);
  });

  test('footer: balance with top-up link, contract and help link (prepay admin)', async ({ page }) => {
    await loginViaApi(page, USERS.admin);
    await openShell(page);
    const balance = page.getByTestId('sidebar-balance');
    await expect(balance).toContainText('Баланс');
    // Russian money: 1 250,00 € (the en-GB €1,250.00 beside Russian counts read as a mix).
    await expect(balance).toContainText(/1\s250,00\s€/);
    await expect(page.getByTestId('sidebar-contract')).toHaveText(/Договор\s*D-2026\/001/);

    const help = page.getByTestId('sidebar-help');
    await expect(help).toHaveAttribute('target', '_blank');
    await expect(help).toHaveAttribute('rel', /noopener/);
    await expect(help).toHaveAttribute('href', /^https:\/\/[^?]+\/\?path=%2Fhome&lang=ru$/);

    await page.getByTestId('menu-list').click();
    await expect(page).toHaveURL(/\/list$/);
    await expect(help).toHaveAttribute('href', /path=%2Flist&lang=ru$/);
    await page.getByTestId('lang-en').click();
    await expect(help).toHaveAttribute('href', /path=%2Flist&lang=en$/);
    await expect(balance).toContainText('Balance');

    await page.getByTestId('sidebar-topup').click();
    await expect(page).toHaveURL(/\/docs\?new=1$/);
    await expect(page.getByTestId('page-title')).toHaveText('Bills');
  });

  test('no balance block for a postpay company', async ({ page }) => {
    await loginViaApi(page, USERS.viewer);
    await page.route('**/api/service/me*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: { company: { billing_type: number } } };
      body.result.company.billing_type = 2;
      await route.fulfill({ response, json: body });
    });
    await openShell(page);
    await expect(page.getByTestId('sidebar-contract')).toBeVisible();
    await expect(page.getByTestId('sidebar-balance')).toHaveCount(0);
    await expect(page.getByTestId('sidebar-topup')).toHaveCount(0);
  });
});
