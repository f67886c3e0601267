import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { openSimList } from '../support/sims.js';
import { openShell, startInLang } from '../support/ui.js';

/** Issue 27, point 10: the smaller frictions, each as its user meets it. */

async function post<T>(request: APIRequestContext, url: string, token: string, data: unknown): Promise<T> {
  const response = await request.post(`${url}?lang=en`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: T }).result;
}

/** Shots of the page as it stands, at 1440 and 390 px (the window goes back to 1440 after). */
async function shootBothWidths(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const lang of ['en', 'ru'] as const) {
  const en = lang === 'en';

  test(`a viewer's disabled Operations button says why (${lang})`, async ({ page }) => {
    await startInLang(page, lang);
    await loginViaApi(page, USERS.viewer);
    await openSimList(page);
    await page.getByTestId('sims-row').first().locator('td.p-selection-column .p-checkbox').click();
    const button = page.getByTestId('sims-actions');
    await expect(button).toBeDisabled();
    const why = en ? 'Your role cannot operate SIM cards' : 'Ваша роль не позволяет управлять SIM-картами';
    await expect(button).toHaveAccessibleDescription(why);
    await button.hover({ force: true });
    await expect(page.locator('.p-tooltip')).toHaveText(why);
    await saveScreenshot(page, `viewer-operations-why-${lang}`);
  });

  test(`a payout request: an empty IBAN is "required", a sent one is said on the page (${lang})`, async ({ page }) => {
    await startInLang(page, lang);
    await loginViaApi(page, USERS.agent);
    await openShell(page, '/agent/info');
    await page.getByTestId('agent-withdraw-open').click();
    await page.getByTestId('withdraw-amount').fill('20');
    await page.getByTestId('withdraw-holder').fill('Artem Agentov');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.locator('#withdraw-iban-error')).toHaveText(en ? 'Fill the data' : 'Заполните данные');
    await saveScreenshot(page, `agent-withdraw-iban-required-${lang}`);

    await page.getByTestId('withdraw-iban').fill('DE89 3704 0044 0532 0130 00');
    const created = page.waitForResponse((r) => r.url().includes('/api/agent/requests/create'));
    await page.getByTestId('withdraw-submit').click();
    const request = ((await (await created).json()) as { result: { id: number } }).result;
    await expect(page.getByTestId('withdraw-dialog')).toBeHidden();
    const sent = page.getByTestId('withdraw-sent');
    await expect(sent).toHaveAttribute('role', 'status');
    await expect(sent).toContainText(
      en
        ? `Request #${request.id} is sent: €20.00 is held until it is paid or declined.`
        : `Заявка №${request.id} отправлена: 20,00 € удержано до выплаты или отказа.`,
    );
    await expect(sent.getByTestId('withdraw-sent-open')).toHaveAttribute('href', `/agent/request/${request.id}`);
    await shootBothWidths(page, `agent-withdraw-sent-${lang}`);
    await sent.getByRole('button', { name: en ? 'Close the message' : 'Закрыть сообщение' }).click();
    await expect(sent).toHaveCount(0);

    // Root declines it, so the held amount is back for the other flows.
    const root = await apiLogin(page.request, USERS.root);
    await post(page.request, '/api/agent/requests/transition', root.token, { id: request.id, action: 'decline', comment: 'E2E: sent-message check' });
  });

  test(`the delivery log opens from a labelled button (${lang})`, async ({ page }) => {
    await startInLang(page, lang);
    const admin = await loginViaApi(page, USERS.admin);
    const destination = `log-${lang}-${Date.now()}@example.com`;
    await post(page.request, '/api/notify_methods/create', admin.token, { type: 0, destination, sim: true, billing: false, notify: false });
    await page.goto('/company/my');
    await page.getByRole('tab', { name: /Notification methods|Способы уведомления/ }).click();
    const row = page.getByTestId('notify-methods-panel').getByRole('row').filter({ hasText: destination });
    const open = row.getByRole('button', { name: en ? 'Delivery log' : 'Журнал доставки', exact: true });
    // The words are on the button, not only in an icon's hidden name.
    await expect(open).toHaveText(en ? 'Delivery log' : 'Журнал доставки');
    await shootBothWidths(page, `notify-methods-log-button-${lang}`);
    await open.click();
    await expect(page.getByTestId('notify-log-dialog')).toBeVisible();
    const list = await post<{ items: Array<{ id: number; destination: string }> }>(page.request, '/api/notify_methods/list', admin.token, {});
    const method = list.items.find((item) => item.destination === destination);
    if (method) await post(page.request, '/api/notify_methods/delete', admin.token, { id: method.id });
  });

  test(`the home chart keeps the other days readable under today's spike (${lang})`, async ({ page }) => {
    await startInLang(page, lang);
    await loginViaApi(page, USERS.manager);
    // The real summary, with today's traffic and cost fifty times their size (a bulk test's day).
    let today = '';
    await page.route('**/api/dashboard/summary*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: { usage: { days: Array<{ day: string; bytes: number; cost: number }> } } };
      const days = body.result.usage.days;
      const last = days[days.length - 1];
      if (last) {
        today = last.day;
        last.bytes = Math.max(last.bytes, 1_000_000_000) * 50;
        last.cost = Math.max(last.cost, 10) * 50;
      }
      await route.fulfill({ response, json: body });
    });
    await openShell(page, '/home');
    const cut = page.getByTestId('home-usage-cut');
    await expect.poll(() => today).not.toBe('');
    const [, month, day] = today.split('-');
    await expect(cut).toContainText(`${day}/${month}`);
    await expect(cut).toContainText(en ? 'Bars above the scale are cut so the other days stay readable' : 'Столбцы выше шкалы обрезаны');
    // Chart.js grows its bars for a second: the picture is taken once they stand.
    await page.waitForTimeout(1500);
    await shootBothWidths(page, `home-chart-spike-${lang}`);

    // Without a spike the chart scales itself and says nothing.
    await page.unroute('**/api/dashboard/summary*');
    await page.reload();
    await expect(page.getByTestId('home-usage').locator('canvas')).toBeVisible();
    await expect(cut).toHaveCount(0);
  });
}
