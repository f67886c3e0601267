import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginViaApi, markNewsSeen, sessionCookies, setCookies, sharedSession, USERS, type LoginResult } from '../support/auth.js';
import { adjustBalance } from '../support/deposit.js';
import { mailText, waitForMail } from '../support/mail.js';
import { saveScreenshot } from '../support/screens.js';
import { columnTexts, listSims, openSimList, waitForQueueIdle } from '../support/sims.js';
import { openShell, startInLang } from '../support/ui.js';

// A company of its own, so Demo Logistics' balance, SIMs and bills stay as the other specs expect them.
const COMPANY = 'Dry Run Freight LLC';
const ADMIN_EMAIL = 'dry-run-admin@demo.local';
const SIMS = 50;

interface Envelope<T> {
  result: T;
}
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function call<T>(request: APIRequestContext, path: string, token: string, data: object): Promise<T> {
  const response = await request.post(path, { headers: auth(token), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as Envelope<T>).result;
}

/** Root creates the prepay company; its admin signs in with the password the welcome mail carries. */
async function createCompany(request: APIRequestContext, root: string): Promise<{ id: number; admin: LoginResult }> {
  const created = await call<{ company: { id: number } }>(request, '/api/companies/create', root, {
    parent_id: null,
    name: COMPANY,
    tax_number: '7700000901',
    billing_type: 1,
    contract: 'D-2026/901',
    country: 'RU',
    admin: { email: ADMIN_EMAIL, first_name: 'Dana', last_name: 'Dryrun', lang: 'en' },
  });
  const password = /Password: (\S+)/.exec(mailText((await waitForMail(ADMIN_EMAIL)).raw))?.[1];
  if (!password) throw new Error('no password in the welcome mail');
  const login = await request.post('/api/login', { data: { email: ADMIN_EMAIL, password } });
  expect(login.status()).toBe(200);
  return { id: created.company.id, admin: ((await login.json()) as Envelope<LoginResult>).result };
}

/** The company gets its SIMs the way a customer does: an order, its bill paid and the order completed by root. */
async function orderSims(request: APIRequestContext, root: string, admin: string, companyId: number): Promise<void> {
  const order = await call<{ id: number; bill_id: number }>(request, '/api/orders/create', admin, {
    company_id: companyId,
    count: SIMS,
    contact: 'Dana Dryrun, +79990009090',
    address: 'Kazan, Baumana 1',
  });
  await call(request, '/api/bills/mark_paid', root, { id: order.bill_id });
  await call(request, '/api/orders/status', root, { id: order.id, status: 3 });
}

async function blockTypesShown(page: Page): Promise<string[]> {
  await openSimList(page);
  return [...new Set(await columnTexts(page, 'block_type'))];
}

test('a prepay company runs dry, its admin generates a bill from the empty-balance dialog, root marks it paid, the SIMs unblock', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const root = await sharedSession(page.request, USERS.root);
  const company = await createCompany(page.request, root.token);
  await orderSims(page.request, root.token, company.admin.token, company.id);
  expect((await listSims(page.request, company.admin.token, { size: 1 })).total).toBe(SIMS);

  // Root takes the company 1.00 EUR below zero; with BILLING_GRACE_HOURS=0 its SIMs are blocked at once.
  expect(await adjustBalance(page.request, company.id, '-1', 'E2E: unpaid usage')).toBe(-100);
  await waitForQueueIdle(page.request, company.admin.token, 90_000);
  const financial = await listSims(page.request, company.admin.token, { size: 1, filter: { blocked: 1 } });
  expect(financial.total).toBe(SIMS);

  await startInLang(page, 'en');
  await markNewsSeen(page.request, company.admin.token);
  await setCookies(page.context(), sessionCookies(company.admin));
  expect(await blockTypesShown(page)).toEqual(['Financial']);
  const dialog = page.getByTestId('empty-balance-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your balance is exhausted');
  // The hourly billing cycle may charge a day's SIM fee meanwhile, so only the sign is certain.
  await expect(page.getByTestId('sidebar-balance-amount')).toHaveText(/^-€\d/);
  await saveScreenshot(page, 'commerce-dry-run-dialog-en');
  await page.getByTestId('empty-balance-bill').click();
  await expect(page).toHaveURL(/\/docs\?new=1$/);
  await expect(page.getByTestId('bill-new-dialog')).toBeVisible();
  await expect(page.getByTestId('bill-company')).toHaveCount(0); // one company: nothing to choose
  await page.getByTestId('bill-amount').fill('100');
  const created = page.waitForResponse((r) => r.url().includes('/api/bills/create'));
  await page.getByTestId('bill-submit').click();
  const bill = ((await (await created).json()) as Envelope<{ number: string; company_id: number }>).result;
  expect(bill.company_id).toBe(company.id);
  await expect(page.getByTestId('bill-new-dialog')).toBeHidden();
  const row = page.getByTestId('bills-table').locator('tr', { hasText: bill.number });
  await expect(row.getByTestId('bill-status')).toHaveText('Unpaid');
  await expect(row.getByTestId('bill-mark-paid')).toHaveCount(0); // only root marks bills paid
  // The user data is fetched again after the bill; the dialog closed at this balance stays closed.
  await expect(page.getByTestId('sidebar-balance-amount')).toHaveText(/^-€\d/);
  await expect(dialog).toBeHidden();
  await saveScreenshot(page, 'commerce-dry-run-bill-en');

  // Root, in a browser of its own, marks the bill paid in /docs.
  const rootContext = await browser.newContext();
  const rootPage = await rootContext.newPage();
  await startInLang(rootPage, 'ru');
  await loginViaApi(rootPage, USERS.root);
  await openShell(rootPage, '/docs?paid=2');
  const rootRow = rootPage.getByTestId('bills-table').locator('tr', { hasText: bill.number });
  await expect(rootRow).toContainText(COMPANY);
  await rootRow.getByTestId('bill-mark-paid').click();
  const confirm = rootPage.locator('.p-confirm-dialog');
  await expect(confirm).toBeVisible();
  await saveScreenshot(rootPage, 'commerce-dry-run-root-confirm-ru');
  await confirm.locator('.p-confirm-dialog-accept').click();
  await expect(rootPage.getByTestId('bills-table').locator('tr', { hasText: bill.number })).toHaveCount(0);
  await rootContext.close();

  // The admin's balance turns positive and the queue lifts the financial block from every SIM.
  await expect(page.getByTestId('sidebar-balance-amount')).toHaveText(/^€\d/, { timeout: 20_000 });
  await expect(async () => {
    expect(await blockTypesShown(page)).toEqual(['Not blocked']);
  }).toPass({ timeout: 90_000, intervals: [1000, 2000] });
  await expect(page.getByTestId('sidebar-balance-amount')).not.toHaveClass(/text-danger/);
  await expect(dialog).toHaveCount(0);
  await saveScreenshot(page, 'commerce-dry-run-unblocked-en');
  expect((await listSims(page.request, company.admin.token, { size: 1, filter: { blocked: 1 } })).total).toBe(0);
  await waitForQueueIdle(page.request, company.admin.token, 90_000);
});
