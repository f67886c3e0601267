import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell, startInLang } from '../support/ui.js';

const search = (page: { url: () => string }): URLSearchParams => new URL(page.url()).searchParams;

test.describe('bills /docs (spec §2, §3, §7)', () => {
  test('an admin generates a top-up bill (not below the minimum), filters the list and opens the PDF', async ({ page }) => {
    await startInLang(page, 'ru');
    const session = await loginViaApi(page, USERS.admin);
    await openShell(page, '/docs');
    await expect(page.getByTestId('page-title')).toHaveText('Счета');

    await page.getByTestId('docs-create').click();
    await expect(page).toHaveURL(/new=1/);
    await expect(page.getByTestId('bill-min-hint')).toContainText(/50,00\s€/);
    await page.getByTestId('bill-amount').fill('10');
    await page.getByTestId('bill-submit').click();
    await expect(page.getByTestId('bill-amount-error')).toContainText(/Сумма меньше минимальной рекомендуемой 50,00\s€/);
    await saveScreenshot(page, 'docs-ru-new-invalid');
    await page.getByTestId('bill-amount').fill('150.50');
    const created = page.waitForResponse((r) => r.url().includes('/api/bills/create'));
    await page.getByTestId('bill-submit').click();
    const bill = ((await (await created).json()) as { result: { id: number; number: string; period: string } }).result;
    await expect(page.getByTestId('bill-new-dialog')).toBeHidden();
    const row = page.getByTestId('bills-table').locator('tr', { hasText: bill.number });
    await expect(row.getByTestId('bill-status')).toHaveText('Не оплачен');
    await expect(row).toContainText('Пополнение');
    await expect(row).toContainText(/150,50\s€/);

    // Filters live in the URL.
    await page.getByTestId('docs-paid').selectOption('1');
    await expect.poll(() => search(page).get('paid')).toBe('1');
    await expect(page.getByTestId('bills-table').locator('tr', { hasText: bill.number })).toHaveCount(0);
    await page.getByTestId('docs-paid').selectOption('2');
    await expect(page.getByTestId('bills-table').locator('tr', { hasText: bill.number })).toHaveCount(1);
    await page.getByTestId('docs-period').fill(bill.period);
    await expect.poll(() => search(page).get('period')).toBe(bill.period);
    // A country picker, not a free-text box: its first choice is "any country", the names are localized.
    await expect(page.getByTestId('docs-country').locator('option').first()).toHaveText('Любая страна');
    await page.getByTestId('docs-country').selectOption({ label: 'Германия' });
    await expect.poll(() => search(page).get('country')).toBe('DE');
    await expect(page.getByTestId('docs-empty')).toBeVisible();
    await page.getByTestId('docs-country').selectOption({ label: 'Россия' });
    await expect(page.getByTestId('bills-table').locator('tr', { hasText: bill.number })).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId('docs-country')).toHaveValue('RU');
    await expect(page.getByTestId('docs-paid')).toHaveValue('2');
    await expect(page.getByTestId('bills-table').locator('tr', { hasText: bill.number })).toHaveCount(1);
    await saveScreenshot(page, 'docs-ru-filtered');

    const pdf = page.waitForResponse((r) => r.url().includes(`/api/bills/pdf?id=${bill.id}`));
    const popup = page.waitForEvent('popup');
    await page.getByTestId('bills-table').locator('tr', { hasText: bill.number }).getByTestId('bill-pdf').click();
    const answer = await pdf;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    await (await popup).close();
    const file = await page.request.get(`/api/bills/pdf?id=${bill.id}&lang=ru`, { headers: { Authorization: `Bearer ${session.token}` } });
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByTestId('docs-reset').click();
    await expect.poll(() => search(page).toString()).toBe('');

    // The ledger of every balance movement is one click from the bills.
    await page.getByTestId('docs-ledger-link').click();
    await expect(page).toHaveURL(/\/deposit$/);
    await expect(page.getByTestId('page-title')).toHaveText('Депозит');
  });

  test('root sees every company and marks a bill cancelled after confirming, in English', async ({ page }) => {
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.admin);
    const created = await page.request.post('/api/bills/create?lang=en', { headers: { Authorization: `Bearer ${session.token}` }, data: { amount_eur: 60 } });
    const bill = ((await created.json()) as { result: { number: string } }).result;

    const root = await page.context().browser()?.newContext();
    if (!root) throw new Error('no browser');
    const rootPage = await root.newPage();
    await startInLang(rootPage, 'en');
    await loginViaApi(rootPage, USERS.root);
    await openShell(rootPage, '/docs');
    const row = rootPage.getByTestId('bills-table').locator('tr', { hasText: bill.number });
    await expect(row).toContainText('Demo Logistics LLC');
    await saveScreenshot(rootPage, 'docs-en-root');
    await row.getByTestId('bill-cancel').click();
    await expect(rootPage.locator('.p-confirm-dialog')).toContainText(`Cancel bill ${bill.number}?`);
    await rootPage.locator('.p-confirm-dialog-accept').click();
    await expect(row.getByTestId('bill-status')).toHaveText('Cancelled');
    await expect(row.getByTestId('bill-mark-paid')).toHaveCount(0);
    await root.close();

    await loginViaApi(page, USERS.viewer);
    await openShell(page, '/docs?new=1');
    await expect(page.getByTestId('docs-create')).toHaveCount(0);
    await expect(page.getByTestId('bill-new-dialog')).toHaveCount(0);
  });
});
