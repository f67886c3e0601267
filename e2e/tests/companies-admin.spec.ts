import { expect, test, type Page } from '@playwright/test';
import { apiLogin, loginViaApi, markNewsSeen, setCookies, sessionCookies, USERS } from '../support/auth.js';
import { apiSaveStep, apiStartRegistration, uniqueSuffix } from '../support/register.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell, startInLang } from '../support/ui.js';

const rows = (page: Page) => page.getByTestId('companies-row');

async function search(page: Page, text: string): Promise<void> {
  await page.getByTestId('companies-query').fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]query=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

test.describe('companies /companies (root only, issue point 7)', () => {
  test('root searches and opens a company; the list shows counts, parent and state', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.root);
    await openShell(page, '/companies');
    // The seeded four; other flows of the shared run (commerce-dry-run) may have added companies of their own.
    for (const name of ['M2M Operator', 'Sales Agent Petrov', 'Demo Logistics LLC', 'Demo Logistics North']) {
      await expect(rows(page).filter({ hasText: name }).first()).toBeVisible();
    }
    // Root's own company is never blocked or deleted, so neither is offered there.
    const operator = rows(page).filter({ hasText: 'M2M Operator' });
    await expect(operator.getByTestId('companies-audit')).toBeVisible();
    await expect(operator.getByTestId('companies-block')).toHaveCount(0);
    await expect(operator.getByTestId('companies-delete')).toHaveCount(0);
    await saveScreenshot(page, 'companies-en');

    await search(page, 'north');
    await expect(rows(page)).toHaveCount(1);
    const north = rows(page).first();
    await expect(north).toContainText('Demo Logistics North');
    await expect(north).toContainText('in Demo Logistics LLC');
    await expect(north).toContainText('7700000004');
    await expect(north).toContainText('1,000');
    await north.getByTestId('companies-open').click();
    await expect(page).toHaveURL(/\/company\/\d+$/);
  });

  test('blocking makes the company read-only for its users at once; unblocking gives changes back', async ({ page, browser }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.root);
    // The company's admin, signed in elsewhere, watching the cabinet.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await startInLang(adminPage, 'en');
    const admin = await apiLogin(adminPage.request, USERS.admin);
    await markNewsSeen(adminPage.request, admin.token);
    await setCookies(adminContext, sessionCookies(admin));
    await openShell(adminPage, '/home');
    await expect(adminPage.getByTestId('company-locked')).toHaveCount(0);

    await openShell(page, '/companies?query=Demo+Logistics+LLC');
    await expect(rows(page)).toHaveCount(1);
    await rows(page).getByTestId('companies-block').click();
    await expect(page.getByTestId('companies-confirm')).toContainText('Block "Demo Logistics LLC"?');
    await saveScreenshot(page, 'companies-block-confirm-en');
    await page.getByTestId('companies-confirm-accept').click();
    await expect(rows(page).getByTestId('companies-blocked-tag')).toBeVisible();

    // portal_update reaches the admin's open cabinet: the warning and the red profile link show.
    await expect(adminPage.getByTestId('company-locked')).toBeVisible();
    await expect(adminPage.getByTestId('user-menu')).toHaveClass(/header-user--blocked/);
    await saveScreenshot(adminPage, 'companies-blocked-admin-view-en');
    // The warning reads whole, on one line, from 1280 px up, in both languages.
    await adminPage.setViewportSize({ width: 1280, height: 800 });
    for (const lang of ['en', 'ru'] as const) {
      await adminPage.getByTestId(`lang-${lang}`).click();
      const locked = adminPage.getByTestId('company-locked');
      await expect(locked).toHaveText(lang === 'en' ? 'Company locked: view only' : 'Компания заблокирована: только просмотр');
      const box = await locked.evaluate((element) => ({
        clipped: element.scrollWidth > element.clientWidth,
        lines: Math.round(element.querySelector('span')!.getBoundingClientRect().height / parseFloat(getComputedStyle(element).fontSize) / 1.2),
      }));
      expect(box, lang).toMatchObject({ clipped: false, lines: 1 });
      // …and nothing of the header's buttons lies under it.
      const lockedBox = await locked.boundingBox();
      const actions = await adminPage.locator('.app-header__actions').boundingBox();
      expect((lockedBox?.x ?? 0) + (lockedBox?.width ?? 0), lang).toBeLessThanOrEqual(actions?.x ?? 0);

      await saveScreenshot(adminPage, `companies-blocked-header-1280-${lang}`);
    }
    await adminPage.getByTestId('lang-en').click();
    const write = await adminPage.request.post('/api/groups/create?lang=en', {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { name: 'Written while blocked' },
    });
    expect(write.status()).toBe(403);
    expect(await write.json()).toMatchObject({ code: 'company_blocked', message: 'The company is blocked: the cabinet is read-only' });
    const read = await adminPage.request.post('/api/groups/list?lang=en', { headers: { Authorization: `Bearer ${admin.token}` }, data: {} });
    expect(read.status()).toBe(200);

    await rows(page).getByTestId('companies-unblock').click();
    await expect(rows(page).getByTestId('companies-blocked-tag')).toHaveCount(0);
    await expect(adminPage.getByTestId('company-locked')).toHaveCount(0);
    await adminContext.close();
  });

  test('root creates a child company with its first administrator (in Russian)', async ({ page }) => {
    await startInLang(page, 'ru');
    await loginViaApi(page, USERS.root);
    await openShell(page, '/companies');
    await page.getByTestId('companies-create').click();
    const dialog = page.getByTestId('company-create-dialog');
    await dialog.getByTestId('company-create-submit').click();
    await expect(dialog.getByTestId('company-name-error')).toHaveText('Заполните данные');

    await dialog.getByTestId('company-parent').click();
    await page.locator('.p-dropdown-panel .p-dropdown-filter').fill('Demo Logistics LLC');
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: 'Demo Logistics LLC' }).click();
    await dialog.getByTestId('company-name').fill('Demo Logistics South');
    await dialog.getByTestId('company-tax_number').fill('7700000003');
    await dialog.getByTestId('company-contract').fill('D-2026/003');
    await dialog.getByTestId('company-country').fill('RU');
    await dialog.getByTestId('company-admin_email').fill('south-admin@demo.local');
    await dialog.getByTestId('company-admin_first_name').fill('Sofia');
    await dialog.getByTestId('company-admin_last_name').fill('Southova');
    await dialog.getByTestId('company-create-submit').click();
    // The tax number belongs to Demo Logistics LLC: the server's text shows under the field.
    await expect(dialog.getByTestId('company-tax_number-error')).toHaveText('Компания с таким ИНН уже есть');
    await saveScreenshot(page, 'companies-create-ru');

    await dialog.getByTestId('company-tax_number').fill('7700000005');
    await dialog.getByTestId('company-create-submit').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Компания «Demo Logistics South» создана')).toBeVisible();
    await search(page, 'south');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('в Demo Logistics LLC');
    await saveScreenshot(page, 'companies-ru');
  });

  for (const lang of ['en', 'ru'] as const) {
    test(`a sign-up in progress shows as such, with its step and start, and root removes it (${lang})`, async ({ page, request }) => {
      const email = `half-way-${lang}-${uniqueSuffix()}@e2e.example`;
      const signUp = await apiStartRegistration(request, email);
      await apiSaveStep(request, signUp.token, '/api/registration/jurisdiction', { country: 'DE' });
      await startInLang(page, lang);
      await loginViaApi(page, USERS.root);
      await openShell(page, '/companies?state=registering');
      const row = rows(page).filter({ hasText: email });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('companies-registering')).toContainText(
        lang === 'en' ? 'Registration in progress' : 'Регистрация не завершена',
      );
      await expect(row.getByTestId('companies-registering')).toContainText(lang === 'en' ? 'Stopped at: Company Type' : 'Тип компании');
      await saveScreenshot(page, `companies-registering-${lang}`);
      await row.getByTestId('companies-delete').click();
      await expect(page.getByTestId('companies-confirm')).toContainText(email);
      await page.getByTestId('companies-confirm-accept').click();
      await expect(rows(page).filter({ hasText: email })).toHaveCount(0);
    });
  }
});
