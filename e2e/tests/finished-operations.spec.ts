import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import {
  expectQueued,
  expectTotal,
  filePayload,
  listSims,
  openOperation,
  openSimList,
  pageCheckbox,
  waitForQueueIdle,
} from '../support/sims.js';
import { startInLang, toasts } from '../support/ui.js';
import { tapWebSocket } from '../support/ws.js';

const screens = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** What the eye sees (popups are fixed to the window, so a full-page shot would move them). */
async function shootWindow(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screens, `${name}.png`), animations: 'disabled' });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('what a finished operation left (issue 27, points 4 and 5)', () => {
  test('one message per action, bottom right; the dropdown keeps the finished ones; the CSV selection stays for the next operation', async ({ page }) => {
    test.setTimeout(60_000);
    await startInLang(page, 'en');
    const ws = await tapWebSocket(page);
    const session = await loginViaApi(page, USERS.manager);
    await waitForQueueIdle(page.request, session.token);
    const chosen = (await listSims(page.request, session.token, { size: 3, filter: { query: 'Tracker 07', blocked: 2 } })).items;
    expect(chosen).toHaveLength(3);

    // A CSV-filtered set, selected once.
    await openSimList(page);
    await ws.waitForAuthOk();
    await page.getByTestId('sims-filter-csv').setInputFiles(filePayload('three.csv', `ICCID\n${chosen.map((sim) => sim.iccid).join('\n')}\n`));
    await expectTotal(page, 3);
    await pageCheckbox(page).click();
    const selected = page.getByTestId('sims-selection-count');
    await expect(selected).toHaveAttribute('data-count', '3');

    // Block: "queued" is said once, bottom right, and nothing top right.
    ws.hold((message) => message.type === 'notify');
    await openOperation(page, 'queue_block');
    const blocked = await expectQueued(page, () => page.getByTestId('op-confirm').click());
    const popups = page.getByTestId('popup');
    await expect(popups).toHaveCount(1);
    await expect(popups).toContainText('Operation queued: 3 SIM cards.');
    await expect(toasts(page, 'top-right')).toHaveCount(0);
    const corner = await box(page.getByTestId('popups'));
    expect(1440 - (corner.x + corner.width)).toBeLessThan(40);
    expect(900 - (corner.y + corner.height)).toBeLessThan(40);
    // It covers neither the title row nor the toolbar the user just used.
    expect(overlaps(corner, await box(page.getByTestId('page-title')))).toBe(false);
    expect(overlaps(corner, await box(page.getByTestId('sims-actions')))).toBe(false);

    // Its result takes the same place: still one message, now with the counts and a link.
    await waitForQueueIdle(page.request, session.token);
    ws.release();
    await expect(popups).toHaveCount(1);
    await expect(popups).toContainText('Operation “SIM block” finished: 3 succeeded, 0 failed');
    await expect(popups.getByTestId('popup-link')).toHaveAttribute('href', `/operations/${blocked.qid}`);
    await expect(toasts(page, 'top-right')).toHaveCount(0);

    // The selection stayed, and the list shows the rows blocked.
    await expect(selected).toHaveAttribute('data-count', '3');
    await expect(page.locator('[data-testid="sims-row"] [data-block-type="voluntary"]')).toHaveCount(3);

    // The dropdown: nothing running, the block under "finished" with its result and link.
    await page.getByTestId('queue-counter').click();
    const dropdown = page.getByTestId('queue-dropdown');
    await expect(dropdown).toContainText('No running operations');
    const finished = dropdown.getByTestId('queue-finished-item');
    const first = finished.first();
    await expect(first).toHaveAttribute('data-qid', String(blocked.qid));
    await expect(first).toContainText(`SIM block #${blocked.qid}`);
    await expect(first.getByTestId('queue-finished-result')).toHaveText(/Done\s*Succeeded: 3\s*Failed: 0\s*of 3/);
    await expect(first.getByTestId('queue-finished-link')).toHaveAttribute('href', `/operations/${blocked.qid}`);
    await page.keyboard.press('Escape');

    // The same SIMs take the next operation without a new selection: Unblock is offered for them now.
    await openOperation(page, 'queue_unblock');
    await expect(page.getByTestId('op-target')).toHaveText('Applies to: 3 selected SIM cards');
    const unblocked = await expectQueued(page, () => page.getByTestId('op-confirm').click());
    expect(unblocked.count).toBe(3);
    await waitForQueueIdle(page.request, session.token);
    await expect(popups.filter({ hasText: 'SIM unblock' })).toContainText('3 succeeded, 0 failed');
    await expect(selected).toHaveAttribute('data-count', '3');

    // Newest finished first; its link opens the operation's page.
    await page.getByTestId('queue-counter').click();
    await expect(finished.first()).toHaveAttribute('data-qid', String(unblocked.qid));
    await expect(finished.nth(1)).toHaveAttribute('data-qid', String(blocked.qid));
    await page.keyboard.press('Escape');

    // "Clear selection" is there and drops it.
    await page.getByTestId('sims-clear-selection-link').click();
    await expect(selected).toHaveAttribute('data-count', '0');

    await page.getByTestId('queue-counter').click();
    await finished.first().getByTestId('queue-finished-link').click();
    await expect(page).toHaveURL(new RegExp(`/operations/${unblocked.qid}$`));
    await expect(page.getByTestId('operation-count')).toHaveText('3');
  });

  for (const lang of ['ru', 'en'] as const) {
    for (const width of [1440, 390]) {
      test(`the SIM page's popup covers no card and the dropdown shows results: ${lang}, ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await startInLang(page, lang);
        const session = await loginViaApi(page, USERS.manager);
        await waitForQueueIdle(page.request, session.token);
        const sim = (await listSims(page.request, session.token, { size: 1, filter: { query: 'Tracker 08' } })).items[0];
        if (!sim) throw new Error('no SIM');
        const ws = await tapWebSocket(page);
        await page.goto(`/sim/${sim.id}`);
        await expect(page.getByTestId('sim-network')).toBeVisible();
        await ws.waitForAuthOk();

        ws.hold((message) => message.type === 'notify');
        await openOperation(page, 'queue_ping');
        await expectQueued(page, () => page.getByTestId('op-confirm').click());
        const popup = page.getByTestId('popup');
        await expect(popup).toHaveCount(1);
        await shootWindow(page, `ops-queued-popup-${lang}-${width}`);
        await waitForQueueIdle(page.request, session.token);
        ws.release();
        await expect(popup).toHaveCount(1);
        await expect(popup).toContainText(lang === 'ru' ? 'Пинг' : 'Ping');
        await expect(popup.getByTestId('popup-link')).toBeVisible();
        await shootWindow(page, `ops-finished-popup-${lang}-${width}`);
        // Over no card at the top of the page (the Network card had one over it).
        expect(overlaps(await box(page.getByTestId('popups')), await box(page.getByTestId('sim-network')))).toBe(false);
        if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

        await page.getByTestId('queue-counter').click();
        await expect(page.getByTestId('queue-finished-item').first()).toBeVisible();
        await shootWindow(page, `queue-dropdown-finished-${lang}-${width}`);
        const panel = await box(page.getByTestId('queue-dropdown'));
        expect(panel.x).toBeGreaterThanOrEqual(0);
        expect(panel.x + panel.width).toBeLessThanOrEqual(width);
      });
    }
  }
});
