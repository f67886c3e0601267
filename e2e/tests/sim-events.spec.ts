import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { AxeLedger } from '../support/axe.js';
import { DESKTOP, PHONE } from '../support/page-sweep.js';
import { saveScreenshot } from '../support/screens.js';
import { listSims } from '../support/sims.js';
import { startInLang, switchLang } from '../support/ui.js';

/*
 * Issue 25.2: the network event log. A block made while the SIM page is open appears in its Events
 * section without a reload, naming the user who made it; /events filters by ICCID and type — in en
 * and ru, at 1440 and 390 px (cards), with axe.
 */

const ledger = new AxeLedger();

async function noSideScroll(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'page width at 390 px').toBeLessThanOrEqual(client ?? 0);
}

test('the SIM page shows a block live with its user; /events filters (en and ru, 1440 and 390 px)', async ({ page }) => {
  // One long flow in two languages and sizes: on a loaded CI machine it takes two to three minutes.
  test.setTimeout(180_000);
  await startInLang(page, 'en');
  const session = await loginViaApi(page, USERS.manager);
  // An open SIM a third into the list: other flows of the same app operate on the first ones.
  const { total } = await listSims(page.request, session.token, { size: 1, filter: { blocked: 2 } });
  const sim = (await listSims(page.request, session.token, { size: 1, page: Math.floor(total / 3), filter: { blocked: 2 } })).items[0];
  if (!sim) throw new Error('the demo company has no unblocked SIM');

  await page.setViewportSize(DESKTOP);
  await page.goto(`/sim/${sim.id}`);
  const section = page.getByTestId('sim-events');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await expect(section.getByTestId('sim-events-empty').or(section.getByTestId('sim-events-table'))).toBeVisible();

  // Blocked through the API while the page stays open: the event arrives over the websocket.
  const created = await page.request.post('/api/queue/create?lang=en', {
    data: { reason: 'queue_block', selection: { ids: [sim.id] } },
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(created.status()).toBe(200);
  // The newest 'Blocked' row, not 'Unblocked' (other flows may have blocked and unblocked the SIM before).
  const blockRow = section.getByRole('row').filter({ hasText: /Blocked/ }).first();
  await expect(blockRow).toBeVisible({ timeout: 30_000 });
  await expect(blockRow).toContainText('User · manager@demo.local');
  await expect(blockRow).toContainText('block: Voluntary');
  await ledger.check(page, 'sim-events en 1440 SIM page');
  await saveScreenshot(page, 'sim-events-en-1440-sim');

  // The company's log, filtered by the SIM's ICCID and the type, from the SIM page's link.
  await section.getByTestId('sim-events-all').click();
  await expect(page).toHaveURL(new RegExp(`/events\\?sim=${sim.iccid}`));
  await page.getByTestId('events-filter-type').click();
  await page.getByRole('option', { name: 'Blocked', exact: true }).click();
  await expect(page).toHaveURL(/type=block/);
  // This SIM's block by the manager (the billing flows block and unblock every SIM of the company too).
  const rows = page.getByTestId('events-table').getByRole('row').filter({ hasText: sim.iccid }).filter({ hasText: 'manager@demo.local' });
  await expect(rows).toHaveCount(1);
  await page.getByTestId('events-filter-label').fill('a;b');
  await page.getByTestId('events-filter-apply').click();
  await expect(page.getByTestId('events-filter-problem')).toContainText('A label is letters');
  await page.getByTestId('events-filter-label').fill('');
  await page.getByTestId('events-filter-apply').click();
  await expect(rows).toHaveCount(1);
  await ledger.check(page, 'sim-events en 1440 events page');
  await saveScreenshot(page, 'sim-events-en-1440-events');

  // Russian on a phone: cards, no sideways scroll; an empty filter says so.
  await switchLang(page, 'ru');
  await page.setViewportSize(PHONE);
  await page.goto(`/events?sim=${sim.iccid}&type=block`);
  await expect(page.getByRole('heading', { name: 'События', level: 1 })).toBeVisible();
  const managerRow = page.getByTestId('events-table').getByRole('row').filter({ hasText: 'Пользователь · manager@demo.local' });
  await expect(managerRow).toHaveCount(1);
  await expect(managerRow.getByText('Блокировка', { exact: true })).toBeVisible();
  await noSideScroll(page);
  await ledger.check(page, 'sim-events ru 390 events page');
  await saveScreenshot(page, 'sim-events-ru-390-events');
  await page.goto(`/events?sim=${sim.iccid}&type=imei_change`);
  await expect(page.getByTestId('events-empty')).toContainText('Событий нет');
  await page.goto(`/sim/${sim.id}`);
  await page.getByTestId('sim-events').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('sim-events').getByText('Блокировка', { exact: true }).first()).toBeVisible();
  await noSideScroll(page);
  await ledger.check(page, 'sim-events ru 390 SIM page');
  await saveScreenshot(page, 'sim-events-ru-390-sim');
  ledger.expectNoFindings('sim-events');
});
