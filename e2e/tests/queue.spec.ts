import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell, startInLang } from '../support/ui.js';
import { nowSeconds, tapWebSocket, type QueueItemEvent } from '../support/ws.js';

function queueItem(qid: number, queue: string, percentage: number, process: number): QueueItemEvent {
  return {
    qid,
    queue,
    added: nowSeconds(),
    user: { first_name: 'Anna', last_name: 'Adminova' },
    status: { percentage, count: 100, process, ok: process, fail: 0 },
  };
}

test.describe('queue of background operations over the websocket (spec §3, §4)', () => {
  test('queue_add, queue_change and queue_del drive the counter and the dropdown', async ({ page }) => {
    const ws = await tapWebSocket(page);
    await loginViaApi(page, USERS.admin);
    await openShell(page);
    await ws.waitForAuthOk();
    const count = page.getByTestId('queue-count');
    await expect(count).toHaveText('0');

    ws.push({ type: 'queue_add', data: queueItem(701, 'queue_block', 10, 10) });
    await expect(count).toHaveText('1');
    await expect(count).toHaveClass(/header-queue__count--active/);
    await expect(page.getByTestId('queue-counter')).toHaveAttribute('aria-label', 'Выполняемые операции: 1');

    await page.getByTestId('queue-counter').click();
    const dropdown = page.getByTestId('queue-dropdown');
    const items = dropdown.getByTestId('queue-item');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Блокировка SIM');
    await expect(items.first()).toContainText('Anna Adminova');
    await expect(items.first()).toContainText('10 из 100');
    await expect(items.first().getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');

    ws.push({ type: 'queue_change', data: queueItem(701, 'queue_block', 55, 55) });
    await expect(items.first().getByRole('progressbar')).toHaveAttribute('aria-valuenow', '55');
    await expect(items.first()).toContainText('55 из 100');
    await expect(count).toHaveText('1');

    ws.push({ type: 'queue_add', data: queueItem(702, 'queue_report_generate', 0, 0) });
    await expect(count).toHaveText('2');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Формирование отчёта');
    await saveScreenshot(page, 'queue-dropdown');

    ws.push({ type: 'queue_del', data: { qid: 701 } });
    await expect(count).toHaveText('1');
    await expect(items).toHaveCount(1);
    ws.push({ type: 'queue_del', data: { qid: 702 } });
    await expect(count).toHaveText('0');
    await expect(dropdown).toContainText('Нет выполняемых операций');
    // A stray delete never takes the counter below zero.
    ws.push({ type: 'queue_del', data: { qid: 702 } });
    await expect(count).toHaveText('0');
  });

  test('reasons are localized in English too', async ({ page }) => {
    await startInLang(page, 'en');
    const ws = await tapWebSocket(page);
    await loginViaApi(page, USERS.admin);
    await openShell(page);
    await ws.waitForAuthOk();
    ws.push({ type: 'queue_add', data: queueItem(801, 'queue_sms', 30, 3) });
    await expect(page.getByTestId('queue-count')).toHaveText('1');
    await page.getByTestId('queue-counter').click();
    await expect(page.getByTestId('queue-item')).toContainText('SMS sending');
  });
});
