import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell } from '../support/ui.js';
import { nowSeconds, tapWebSocket, type NotifyEvent, type WsTap } from '../support/ws.js';

function notifyEvent(
  id: number,
  type: 'success' | 'error' | 'warning',
  text: string,
): { type: 'notify'; data: NotifyEvent } {
  const popupType = type === 'warning' ? 'warn' : type;
  return {
    type: 'notify',
    data: { id, type, added: nowSeconds(), text, readed: false, popup: { show: true, type: popupType, text } },
  };
}

/** viewer@ on /home with a live (tapped) socket and the seeded unread notifications already seen. */
async function openWithSocket(page: Page): Promise<WsTap> {
  const ws = await tapWebSocket(page);
  await loginViaApi(page, USERS.viewer);
  await openShell(page);
  await ws.waitForAuthOk();
  await page.getByTestId('notify-bell').click();
  await expect(page.getByTestId('notify-marker')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notify-hide-all')).toBeHidden();
  return ws;
}

test.describe('popup notifications over the websocket (spec §4, §8, §9)', () => {
  test('at most two, newest first, labelled, and the bell marker turns on', async ({ page }) => {
    const ws = await openWithSocket(page);
    const popups = page.getByTestId('popup');

    ws.push(notifyEvent(9001, 'success', 'SIM 8970 blocked'));
    await expect(popups).toHaveCount(1);
    await expect(page.getByTestId('notify-marker')).toBeVisible();
    ws.push(notifyEvent(9002, 'error', 'SMS to 8970 failed'));
    ws.push(notifyEvent(9003, 'success', 'Report is ready'));

    await expect(popups).toHaveCount(2);
    await expect(popups.nth(0)).toContainText('Report is ready');
    await expect(popups.nth(0).locator('.popup__label')).toHaveText('Успешно');
    await expect(popups.nth(1)).toContainText('SMS to 8970 failed');
    await expect(popups.nth(1).locator('.popup__label')).toHaveText('Ошибка');
    await expect(page.getByText('SIM 8970 blocked', { exact: true })).toHaveCount(0);

    // Popups sit bottom right (issue 27.4: one corner for what an action says, over no title, header
    // or the cards at the top of a page); errors stay top right.
    const box = await page.getByTestId('popups').boundingBox();
    expect(1440 - ((box?.x ?? 0) + (box?.width ?? 0))).toBeLessThan(40);
    expect(900 - ((box?.y ?? 0) + (box?.height ?? 0))).toBeLessThan(40);
    const title = await page.getByTestId('page-title').boundingBox();
    expect(box?.y ?? 0).toBeGreaterThan((title?.y ?? 0) + (title?.height ?? 0));
    await saveScreenshot(page, 'popups-two');

    // The dropdown got the new notifications, each id once.
    ws.push(notifyEvent(9003, 'success', 'Report is ready'));
    await page.getByTestId('notify-bell').click();
    await expect(page.getByTestId('notify-item').filter({ hasText: 'Report is ready' })).toHaveCount(1);
    await expect(page.getByTestId('notify-item').filter({ hasText: 'SIM 8970 blocked' })).toHaveCount(1);
    await expect(page.getByTestId('notify-marker')).toHaveCount(0);
  });

  test('a warning popup is labelled Ошибка and can be closed by hand', async ({ page }) => {
    const ws = await openWithSocket(page);
    ws.push(notifyEvent(9101, 'warning', 'Balance is low'));
    const popup = page.getByTestId('popup');
    await expect(popup).toHaveClass(/popup--warn/);
    await expect(popup.locator('.popup__label')).toHaveText('Ошибка');
    await popup.getByRole('button', { name: 'Закрыть уведомление' }).click();
    await expect(popup).toHaveCount(0);
  });

  test('each popup disappears 15 s after it arrived', async ({ page }) => {
    await page.clock.install();
    const ws = await openWithSocket(page);
    const popups = page.getByTestId('popup');

    ws.push(notifyEvent(9201, 'success', 'First'));
    await expect(popups).toHaveCount(1);
    await page.clock.fastForward(10_000);
    ws.push(notifyEvent(9202, 'success', 'Second'));
    await expect(popups).toHaveCount(2);

    await page.clock.fastForward(4_000); // first at 14 s
    await expect(popups).toHaveCount(2);
    await page.clock.fastForward(1_500); // first at 15.5 s, second at 5.5 s
    await expect(popups).toHaveCount(1);
    await expect(popups).toContainText('Second');
    await page.clock.fastForward(10_000);
    await expect(popups).toHaveCount(0);
  });

  // Real timers on purpose: faked ones once hid a popup store that threw "Illegal invocation" in browsers.
  test('with real timers a popup goes after 15 s, not before', async ({ page }) => {
    test.setTimeout(60_000);
    const ws = await openWithSocket(page);
    ws.push(notifyEvent(9301, 'success', 'Real time'));
    const popup = page.getByTestId('popup');
    await expect(popup).toBeVisible();
    const shownAt = Date.now();
    await expect(popup).toHaveCount(0, { timeout: 20_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(14_000);
  });
});
