import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { measureTables } from '../support/layout.js';
import { saveScreenshot } from '../support/screens.js';
import {
  chooseOption,
  expectQueued,
  listSims,
  openOperation,
  rowCheckbox,
  rowIds,
  waitForQueueIdle,
} from '../support/sims.js';
import { startInLang } from '../support/ui.js';

interface Envelope<T> {
  result: T;
}

/** The machine running these flows is shared and loaded: first renders of a page may take seconds. */
const slow = expect.configure({ timeout: 30_000 });

/** Until the phone layout lands, a collapsed side menu leaves the content the room it has on a phone. */
async function roomForContent(page: Page): Promise<void> {
  const toggle = page.getByTestId('sidebar-toggle');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
}

async function queue(request: APIRequestContext, token: string, body: unknown): Promise<{ qid: number; count: number }> {
  const response = await request.post('/api/queue/create?lang=en', { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Envelope<{ qid: number; count: number }>).result;
}

async function goToPage(page: Page, n: number): Promise<void> {
  await page.getByTestId('sims-table').locator('.p-paginator-pages button', { hasText: String(n) }).click();
  await expect(page).toHaveURL(new RegExp(`pageIndex=${n}`));
}

test.describe('selection you can trust and the operation history (issue 14)', () => {
  test('selection across pages and sorting, its preview, the history page and a retry of the failed SIMs', async ({ page }) => {
    test.setTimeout(120_000);
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.manager);
    await waitForQueueIdle(page.request, session.token);
    const filter = { query: 'Tracker 03', blocked: 2 as const };
    const matching = await listSims(page.request, session.token, { filter, size: 100 });
    expect(matching.total).toBeGreaterThan(50);
    // Of the 12 SIMs to ping, 10 go offline first (earlier flows may have brought them online) and fail
    // the ping; the first two reconnect.
    const ids = matching.items.map((row) => row.id);
    await queue(page.request, session.token, { reason: 'queue_disconnect', selection: { ids: ids.slice(2, 12) } });
    await queue(page.request, session.token, { reason: 'queue_reconnect', selection: { ids: ids.slice(0, 2) } });
    await waitForQueueIdle(page.request, session.token);

    await page.goto('/list?query=Tracker+03&blocked=2');
    await slow(page.getByTestId('sims-table')).toBeVisible();
    await slow(page.getByTestId('sims-row').first()).toBeVisible();
    const firstPage = await rowIds(page);
    await rowCheckbox(page, firstPage[0] ?? 0).click();
    await rowCheckbox(page, firstPage[1] ?? 0).click();
    const count = page.getByTestId('sims-selection-count');
    await expect(count).toHaveAttribute('data-count', '2');

    // Page 2: nothing of it is checked, the count still says what is chosen, and choosing adds to it.
    await goToPage(page, 2);
    await slow.poll(async () => (await rowIds(page))[0]).not.toBe(firstPage[0]);
    const secondPage = await rowIds(page);
    expect(secondPage).not.toContain(firstPage[0]);
    await expect(page.getByTestId('sims-table').locator('tbody .p-checkbox.p-highlight')).toHaveCount(0);
    await rowCheckbox(page, secondPage[0] ?? 0).click();
    await expect(count).toHaveAttribute('data-count', '3');
    await expect(count).toHaveText('Selected: 3');

    // Sorting keeps it; back on page 1 the first two are still checked.
    await page.getByTestId('sims-table').getByRole('columnheader', { name: 'Name' }).click();
    await expect(page).toHaveURL(/sortColumn=name/);
    await expect(count).toHaveAttribute('data-count', '3');

    // "Show selected" lists exactly the three.
    await page.getByTestId('sims-show-selected').click();
    await expect(page.getByTestId('sims-selected-row')).toHaveCount(3);
    await saveScreenshot(page, 'ops-selected-view-en');
    await page.getByTestId('sims-selected-close').click();

    // Changing the filter asks before it drops the selection; keeping leaves everything as it was.
    await chooseOption(page, page.getByTestId('sims-filter-blocked'), 'Any');
    const drop = page.getByTestId('sims-drop-selection-dialog');
    await expect(drop).toBeVisible();
    await expect(drop).toContainText('3 SIM cards');
    await page.getByTestId('sims-drop-cancel').click();
    await expect(drop).toBeHidden();
    await expect(page).toHaveURL(/blocked=2/);
    await expect(count).toHaveAttribute('data-count', '3');

    // The confirm dialog says how many and which.
    const dialog = await openOperation(page, 'queue_ping');
    const preview = page.getByTestId('op-preview');
    await expect(preview).toHaveAttribute('data-count', '3');
    await expect(page.getByTestId('op-preview-sim')).toHaveCount(3);
    await saveScreenshot(page, 'ops-confirm-preview-en');
    const created = await expectQueued(page, () => page.getByTestId('op-confirm').click());
    expect(created.count).toBe(3);
    await expect(dialog).toBeHidden();
    await waitForQueueIdle(page.request, session.token);

    // A bigger ping with failures (offline SIMs), then its history page.
    const big = await queue(page.request, session.token, { reason: 'queue_ping', selection: { ids: ids.slice(0, 12) } });
    await waitForQueueIdle(page.request, session.token);
    await page.goto('/operations');
    await slow(page.getByTestId('operations-table')).toBeVisible();
    await saveScreenshot(page, 'ops-history-en');
    await page.locator(`[data-testid="operation-link"][data-qid="${big.qid}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/operations/${big.qid}$`));
    await expect(page.getByTestId('operation-count')).toHaveText('12');
    const failCell = page.getByTestId('operation-fail');
    await expect(failCell).not.toHaveText('0');
    // The ten disconnected SIMs fail; a reconnected one may too (its device may not come online).
    const failed = Number(await failCell.getAttribute('data-fail'));
    expect(failed).toBeGreaterThanOrEqual(10);

    // Only the failed SIMs, then their CSV.
    await chooseOption(page, page.getByTestId('operation-filter-status'), `Failed (${failed})`);
    await expect(page.getByTestId('operation-results')).toHaveAttribute('data-total', String(failed));
    await expect(page.getByTestId('operation-result-status').first()).toHaveText('Failed');
    const download = page.waitForEvent('download');
    await page.getByTestId('operation-csv-filtered').click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines).toHaveLength(failed + 1);
    expect(lines.slice(1).every((line) => line.split(',')[2] === 'fail')).toBe(true);
    const failedIccid = lines[1]?.split(',')[0]?.replace(/"/g, '');
    const failedSim = matching.items.find((row) => row.iccid === failedIccid)?.id ?? 0;
    expect(failedSim).toBeGreaterThan(0);
    await saveScreenshot(page, 'ops-operation-en');

    // Retry: a new operation over exactly the failed SIMs, linked back to this one.
    await page.getByTestId('operation-retry').click();
    await expect(page.getByTestId('operation-retry-dialog')).toContainText(String(failed));
    const retried = page.waitForResponse((r) => r.url().includes('/api/operations/retry'));
    await page.getByTestId('operation-retry-confirm').click();
    const retry = ((await (await retried).json()) as Envelope<{ qid: number; count: number }>).result;
    expect(retry.count).toBe(failed);
    await expect(page).toHaveURL(new RegExp(`/operations/${retry.qid}$`));
    await expect(page.getByTestId('operation-retry-of')).toHaveText(`#${big.qid}`);
    await expect(page.getByTestId('operation-count')).toHaveText(String(failed));
    await waitForQueueIdle(page.request, session.token);

    // The SIM page lists the operations that touched it; the queue dropdown links to the history.
    await page.goto(`/sim/${failedSim}`);
    const touched = page.getByTestId('sim-operations');
    // Earlier flows may have touched the same demo SIM too: this flow's two operations must be listed.
    await slow(touched).toContainText(`#${retry.qid}`);
    await expect(touched).toContainText(`#${big.qid}`);
    await page.getByTestId('queue-counter').click();
    await page.getByTestId('queue-history').click();
    await expect(page).toHaveURL(/\/operations$/);
  });

  test('SIMs already as asked are counted as unchanged, not as failures', async ({ page }) => {
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.manager);
    // An SMS to blocked SIMs changes nothing anywhere: each is left as it is, and says why.
    const blocked = await listSims(page.request, session.token, { filter: { blocked: 1 }, size: 2 });
    expect(blocked.items).toHaveLength(2);
    const sms = await queue(page.request, session.token, { reason: 'queue_sms', selection: { ids: blocked.items.map((row) => row.id) }, params: { text: 'hello' } });
    await waitForQueueIdle(page.request, session.token);
    await page.goto(`/operations/${sms.qid}`);
    await slow(page.getByTestId('operation-unchanged')).toHaveText('2');
    await expect(page.getByTestId('operation-fail')).toHaveText('0');
    await expect(page.getByTestId('operation-state')).not.toContainText('with failures');
    await expect(page.getByTestId('operation-result-status')).toHaveText(['Unchanged', 'Unchanged']);
    await expect(page.getByTestId('operation-results')).toContainText('The SIM card is blocked');
    await expect(page.getByTestId('operation-retry')).toHaveCount(0);
    await saveScreenshot(page, 'ops-unchanged-en');
  });

  for (const lang of ['ru', 'en'] as const) {
    for (const width of [1440, 390]) {
      test(`history pages look right: ${lang}, ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await startInLang(page, lang);
        const session = await loginViaApi(page, USERS.manager);
        const list = await page.request.post('/api/operations/list?lang=en', {
          data: { page: 0, size: 5 },
          headers: { Authorization: `Bearer ${session.token}` },
        });
        const items = ((await list.json()) as Envelope<{ items: Array<{ qid: number; fail: number }> }>).result.items;
        await page.goto('/operations');
        await slow(page.getByTestId('page-title')).toBeVisible();
        if (width === 390) await roomForContent(page);
        await slow(page.getByTestId('operations-table')).toBeVisible();
        await saveScreenshot(page, `ops-history-${lang}-${width}`);
        const withFailures = items.find((item) => item.fail > 0) ?? items[0];
        if (withFailures) {
          await page.goto(`/operations/${withFailures.qid}`);
          await slow(page.getByTestId('operation-count')).toBeVisible();
          await slow(page.getByTestId('operation-result-sim').first()).toBeVisible();
          await saveScreenshot(page, `ops-operation-${lang}-${width}`);
          // On a phone each SIM's result is a card (ICCID, outcome, reason): no column hides off the side.
          if (width === 390) {
            const tables = await measureTables(page);
            expect(tables.filter((table) => table.overflows).map((table) => table.columns)).toEqual([]);
            expect(tables.some((table) => table.cards)).toBe(true);
          }
        }
        const bodyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        // The page itself never scrolls sideways (tables scroll inside their card).
        if (width === 1440) expect(bodyWidth).toBeLessThanOrEqual(1440);
      });
    }
  }
});
