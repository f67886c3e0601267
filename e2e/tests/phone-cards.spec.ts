import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { loginViaApi, markNewsSeen, sessionCookies, setCookies, sharedSession, USERS, type LoginResult } from '../support/auth.js';
import { AxeLedger } from '../support/axe.js';
import { adjustBalance } from '../support/deposit.js';
import { mailText, waitForMail } from '../support/mail.js';
import { DESKTOP, PHONE } from '../support/page-sweep.js';
import { saveScreenshot } from '../support/screens.js';
import { listSims, openSimList } from '../support/sims.js';
import { openShell, startInLang } from '../support/ui.js';

/*
 * Issue 27, points 1, 6 and 7: on a phone a table's rows are cards with what matters on screen and
 * nothing to scroll sideways; at 1440 px the SIM list's columns all fit; the pay-from-balance
 * confirmation names the bill by a link to it.
 */

type Lang = 'ru' | 'en';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function call<T>(request: APIRequestContext, path: string, token: string, data: object): Promise<T> {
  const response = await request.post(path, { headers: auth(token), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: T }).result;
}

/** Neither the page nor any table on it is wider than what shows of it. */
async function expectNoSideScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    tables: [...document.querySelectorAll<HTMLElement>('.p-datatable-wrapper')]
      .filter((wrapper) => wrapper.getClientRects().length > 0)
      .map((wrapper) => [wrapper.scrollWidth, wrapper.clientWidth]),
  }));
  expect(widths.page[0], 'page width').toBeLessThanOrEqual(widths.page[1] ?? 0);
  for (const [scroll, client] of widths.tables) expect(scroll, 'table width').toBeLessThanOrEqual(client ?? 0);
}

/** The element shows whole between the screen's edges. */
async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box?.x ?? -1, what).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), what).toBeLessThanOrEqual(PHONE.width);
}

/** axe-core over the page as its cards show it: no finding of any impact. */
async function expectNoAxeFindings(page: Page, view: string): Promise<void> {
  const ledger = new AxeLedger();
  await ledger.check(page, view);
  ledger.expectNoFindings(view);
}

/**
 * A prepay company of its own (Demo Logistics' balance and bills stay as the other flows expect them),
 * 100 EUR on its balance and an order of 50 SIMs whose bill (62.50 EUR) waits to be paid.
 */
async function companyWithBill(request: APIRequestContext, lang: Lang): Promise<{ admin: LoginResult; billNumber: string }> {
  const root = await sharedSession(request, USERS.root);
  const email = `phone-cards-${lang}@demo.local`;
  const created = await call<{ company: { id: number } }>(request, '/api/companies/create', root.token, {
    parent_id: null,
    name: `Phone Cards ${lang.toUpperCase()} LLC`,
    tax_number: lang === 'ru' ? '7700002701' : '7700002702',
    billing_type: 1,
    contract: `D-2026/27${lang}`,
    country: 'RU',
    admin: { email, first_name: 'Polina', last_name: 'Phone', lang },
  });
  const password = /(?:Password|Пароль): (\S+)/.exec(mailText((await waitForMail(email)).raw))?.[1];
  if (!password) throw new Error('no password in the welcome mail');
  const login = await request.post('/api/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const admin = ((await login.json()) as { result: LoginResult }).result;
  await markNewsSeen(request, admin.token);
  await adjustBalance(request, created.company.id, '+100', 'E2E: phone cards');
  const order = await call<{ bill_id: number }>(request, '/api/orders/create', admin.token, {
    company_id: created.company.id,
    count: 50,
    contact: 'Polina Phone, +79990002727',
    address: 'Kazan, Baumana 27',
  });
  const bills = await call<{ items: Array<{ id: number; number: string }> }>(request, '/api/bills/list', admin.token, { page: 0, size: 25, filter: {} });
  const bill = bills.items.find((item) => item.id === order.bill_id);
  if (!bill) throw new Error('the order has no bill');
  return { admin, billNumber: bill.number };
}

const TEXT = {
  ru: { amount: /^62,50\s€$/, after: /Баланс после оплаты: 37,50\s€/, paid: 'Оплачен', blockLabel: 'Тип блокировки' },
  en: { amount: /^€62\.50$/, after: /The balance after it: €37\.50/, paid: 'Paid', blockLabel: 'Block type' },
} as const;

for (const lang of ['ru', 'en'] as const) {
  test.describe(`${lang}`, () => {
    test.use({ viewport: PHONE });

    test(`390 px: an admin finds a bill's amount on its card and pays it from the balance; the confirmation links the bill`, async ({ page }) => {
      const { admin, billNumber } = await companyWithBill(page.request, lang);
      await startInLang(page, lang);
      await setCookies(page.context(), sessionCookies(admin));
      await openShell(page, '/docs');
      // A company without SIMs is first offered to order some (spec §4): closed, the bills are there.
      await page.getByTestId('empty-sim-close').click();
      await expect(page.getByTestId('empty-sim-dialog')).toBeHidden();
      const card = page.getByRole('row').filter({ hasText: billNumber });
      await expect(card.getByTestId('bill-row-amount')).toHaveText(TEXT[lang].amount);
      for (const [what, locator] of [
        ['number', card.getByRole('cell', { name: billNumber, exact: true })],
        ['amount', card.getByTestId('bill-row-amount')],
        ['status', card.getByTestId('bill-status')],
        ['PDF', card.getByTestId('bill-pdf')],
        ['Pay', card.getByTestId('bill-pay-balance')],
      ] as const) {
        await expectOnScreen(locator, what);
      }
      await expectNoSideScroll(page);
      await expectNoAxeFindings(page, `/docs ${lang} 390`);
      await saveScreenshot(page, `phone-cards-docs-${lang}`);

      await card.getByTestId('bill-pay-balance').click();
      const confirm = page.locator('.p-confirm-dialog');
      await expect(confirm).toContainText(TEXT[lang].after);
      // The bill's number is a link to the bill: it opens its PDF.
      const link = confirm.getByTestId('bill-pdf-link');
      await expect(link).toHaveText(billNumber);
      const pdf = page.waitForResponse((response) => response.url().includes('/api/bills/pdf?id='));
      const popup = page.waitForEvent('popup');
      await link.click();
      expect((await pdf).status()).toBe(200);
      await (await popup).close();
      await saveScreenshot(page, `phone-cards-pay-confirm-${lang}`);
      await confirm.locator('.p-confirm-dialog-accept').click();
      await expect(card.getByTestId('bill-status')).toHaveText(TEXT[lang].paid);
      await expect(card.getByTestId('bill-pay-balance')).toHaveCount(0);
      await expectNoSideScroll(page);
    });

    test(`390 px: a manager finds a SIM's block state on its card, its checkbox named after the ICCID`, async ({ page }) => {
      await startInLang(page, lang);
      const manager = await loginViaApi(page, USERS.manager);
      const blocked = (await listSims(page.request, manager.token, { size: 25, filter: { blocked: 1 } })).items[0];
      if (!blocked) throw new Error('no blocked SIM in the demo data');
      await openSimList(page, `?query=${blocked.iccid}`);
      const card = page.getByTestId('sims-row');
      await expect(card).toHaveCount(1);
      const state = card.locator(`[data-block-type="${blocked.block_type}"]`);
      await expectOnScreen(state, 'block state');
      await expectOnScreen(card.getByTestId('sims-row-link'), 'ICCID link');
      await expect(card.getByTestId('sims-row-link')).toHaveText(blocked.iccid);
      await expectOnScreen(card.getByRole('cell', { name: blocked.msisdn, exact: true }), 'number');
      await expectOnScreen(card.locator('td.col-company'), 'company');
      // Read as the row it is: the state's cell is named by its column's header.
      await expect(page.getByRole('columnheader', { name: TEXT[lang].blockLabel })).toHaveCount(1);
      const checkbox = card.getByRole('checkbox', { name: new RegExp(blocked.iccid) });
      await expectOnScreen(checkbox, 'checkbox');
      await checkbox.focus();
      await page.keyboard.press('Space');
      await expect(page.getByTestId('sims-selection-count')).toHaveAttribute('data-count', '1');
      await page.keyboard.press('Tab');
      await expect(card.getByTestId('sims-row-link')).toBeFocused();
      await expectNoSideScroll(page);
      await expectNoAxeFindings(page, `/list ${lang} 390`);
      await saveScreenshot(page, `phone-cards-list-${lang}`);
    });
  });

  test(`${lang}, 1440 px with the menu open: the SIM list's last column is inside its card, and the column picker still works`, async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await startInLang(page, lang);
    await loginViaApi(page, USERS.admin);
    await openSimList(page);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    const fits = () =>
      page.evaluate(() => {
        const wrapper = document.querySelector<HTMLElement>('.sims-table .p-datatable-wrapper');
        const last = [...(wrapper?.querySelectorAll('thead th') ?? [])].at(-1)?.getBoundingClientRect();
        const card = wrapper?.closest('.sims-table')?.getBoundingClientRect();
        return { scroll: wrapper?.scrollWidth ?? 0, client: wrapper?.clientWidth ?? 0, lastRight: last?.right ?? Infinity, cardRight: card?.right ?? 0 };
      });
    let measured = await fits();
    expect(measured.scroll, JSON.stringify(measured)).toBeLessThanOrEqual(measured.client);
    expect(measured.lastRight).toBeLessThanOrEqual(measured.cardRight);
    await saveScreenshot(page, `phone-cards-list-1440-${lang}`);

    // The package carries its limit and balance; hidden, they are columns of their own again.
    const limitHeader = page.getByRole('columnheader', { name: lang === 'ru' ? 'Лимит, МБ' : 'Limit, MB', exact: true });
    await expect(limitHeader).toHaveCount(0);
    await page.getByTestId('sims-columns').click();
    await page.getByTestId('sims-column-package').click();
    await expect(limitHeader).toBeVisible();
    await page.getByTestId('sims-column-package').click();
    await expect(limitHeader).toHaveCount(0);
    await page.keyboard.press('Escape');
    measured = await fits();
    expect(measured.scroll, JSON.stringify(measured)).toBeLessThanOrEqual(measured.client);
  });
}
