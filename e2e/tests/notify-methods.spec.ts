import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { startInLang, toasts } from '../support/ui.js';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const received: Received[] = [];
let server: Server;
let receiverUrl = '';

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no receiver port');
  receiverUrl = `http://127.0.0.1:${address.port}/cabinet-events`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The methods are the company page's fourth tab. */
async function openNotifyMethodsTab(page: Page): Promise<void> {
  await page.goto('/company/my');
  await page.getByRole('tab', { name: /Notification methods|Способы уведомления/ }).click();
}

test.describe('notification methods on /company/my (spec §3, §5)', () => {
  test('an admin adds a webhook, sends a test the receiver verifies with the shown secret, and sees it sent in the log', async ({
    page,
  }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.admin);
    await openNotifyMethodsTab(page);
    const panel = page.getByTestId('notify-methods-panel');
    await expect(panel.getByText('No notification methods yet.', { exact: false })).toBeVisible();

    await page.getByTestId('notify-add').click();
    const dialog = page.getByTestId('notify-method-dialog');
    await dialog.getByTestId('notify-type').click();
    await page.getByRole('option', { name: 'Webhook' }).click();
    await dialog.getByTestId('notify-destination').fill('ftp://example.com/hook');
    await dialog.getByTestId('notify-save').click();
    await expect(dialog.getByTestId('notify-destination-error')).toHaveText('Enter an http:// or https:// address');
    await saveScreenshot(page, 'notify-methods-dialog-en');

    await dialog.getByTestId('notify-destination').fill(receiverUrl);
    await dialog.getByTestId('notify-flag-billing').click();
    await dialog.getByTestId('notify-save').click();
    await expect(dialog).toBeHidden();
    const row = panel.getByRole('row').filter({ hasText: receiverUrl });
    await expect(row).toContainText('Webhook');
    await expect(row).toContainText('SIM cards');
    await expect(row).not.toContainText('Billing');

    await row.getByTestId('notify-secret-toggle').click();
    const secret = (await row.getByTestId('notify-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);

    await row.getByTestId('notify-send-test').click();
    await expect(toasts(page, 'top-right').filter({ hasText: 'Test message delivered' })).toBeVisible({
      timeout: 20_000,
    });
    // The demo company's own events (news, operations of earlier flows) may reach the new webhook too:
    // every hit must carry a valid signature, and one of them is the test-send.
    expect(received.length).toBeGreaterThan(0);
    for (const hit of received) {
      const timestamp = String(hit.headers['x-cabinet-timestamp']);
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${hit.body}`).digest('hex')}`;
      expect(hit.headers['x-cabinet-signature']).toBe(expected);
      expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
      expect(hit.headers['x-cabinet-delivery']).toMatch(/^\d+$/);
    }
    const testSend = received.map((hit) => JSON.parse(hit.body) as Record<string, unknown>).find((body) => body.test === true);
    expect(testSend).toMatchObject({ text: 'Test notification from the SIM cabinet', category: 'notify' });

    await row.getByTestId('notify-open-log').click();
    const log = page.getByTestId('notify-log-dialog');
    const testRow = log.getByRole('row').filter({ hasText: 'Test' });
    await expect(testRow).toContainText('Sent');
    await expect(testRow).toContainText('200');
    await saveScreenshot(page, 'notify-methods-log-en');
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();
    await expect(toasts(page, 'top-right')).toHaveCount(0);
    await saveScreenshot(page, 'notify-methods-en');
  });

  test('in Russian: the list, the log and deleting with a confirmation', async ({ page }) => {
    await startInLang(page, 'ru');
    await loginViaApi(page, USERS.admin);
    await openNotifyMethodsTab(page);
    const panel = page.getByTestId('notify-methods-panel');
    await expect(panel.getByRole('heading', { name: 'Способы уведомления' })).toBeVisible();
    const row = panel.getByRole('row').filter({ hasText: receiverUrl });
    await expect(row).toContainText('SIM-карты');
    await row.getByTestId('notify-open-log').click();
    // Besides the test-send, real events of the shared demo company (queue items other flows left
    // running) may have reached the webhook meanwhile: none of them may have failed.
    const statuses = page.getByTestId('notify-log-status');
    await expect(statuses.filter({ hasText: 'Отправлено' }).first()).toBeVisible();
    await expect(statuses.filter({ hasText: 'Ошибка' })).toHaveCount(0);
    await saveScreenshot(page, 'notify-methods-log-ru');
    await page.keyboard.press('Escape');

    await page.getByTestId('notify-add').click();
    const dialog = page.getByTestId('notify-method-dialog');
    await dialog.getByTestId('notify-type').click();
    await page.getByRole('option', { name: 'WhatsApp' }).click();
    await dialog.getByTestId('notify-destination').fill('8999123');
    await dialog.getByTestId('notify-save').click();
    await expect(dialog.getByTestId('notify-destination-error')).toHaveText(
      'Введите номер в международном формате: + и от 8 до 15 цифр',
    );
    await saveScreenshot(page, 'notify-methods-dialog-ru');
    await page.keyboard.press('Escape');

    await row.getByTestId('notify-delete').click();
    const confirm = page.getByRole('dialog', { name: 'Удаление способа уведомления' });
    await expect(confirm).toContainText(`Удалить способ ${receiverUrl}?`);
    await saveScreenshot(page, 'notify-methods-delete-ru');
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await expect(toasts(page, 'top-right').filter({ hasText: 'Способ уведомления удалён' })).toBeVisible();
    await expect(panel.getByText('Способов уведомления пока нет', { exact: false })).toBeVisible();
    await saveScreenshot(page, 'notify-methods-ru-empty');
  });
});
