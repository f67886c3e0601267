import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell, overlay } from '../support/ui.js';

test.describe('header widgets (spec §1, §2, §4)', () => {
  // manager@ starts with the seed's 3 unread notifications; flows that ran before may have added theirs
  // (a generated file is told to its author), so the dropdown must show exactly what the list said.
  test('notifications: marker, dropdown, hide all, show all', async ({ page }) => {
    await loginViaApi(page, USERS.manager);
    const listed = page.waitForResponse((r) => r.url().includes('/api/notify/list'));
    await openShell(page);
    const list = (await (await listed).json()) as { result: { count: number } };
    const unread = list.result.count;
    expect(unread).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('notify-marker')).toBeVisible();
    await expect(page.getByTestId('notify-bell')).toHaveAttribute('aria-label', /Непрочитанные/);

    const read = page.waitForRequest((r) => r.url().includes('/api/notify/read'));
    await page.getByTestId('notify-bell').click();
    const items = page.getByTestId('notify-item');
    await expect(items).toHaveCount(unread);
    await expect(page.getByTestId('notify-marker')).toHaveCount(0);
    expect(((await read).postDataJSON() as { id: number[] }).id).toHaveLength(unread);
    // Dates in en-GB short format with hours and minutes (spec §9).
    await expect(items.first().locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    await saveScreenshot(page, 'notify-dropdown-open');

    await page.getByTestId('notify-hide-all').click();
    await expect(page.getByTestId('notify-empty')).toHaveText('Новых уведомлений нет');
    await expect(items).toHaveCount(0);

    await page.getByTestId('notify-show-all').click();
    await expect(page).toHaveURL(/\/notifies$/);
    await expect(page.getByTestId('page-title')).toHaveText('Все уведомления');
    // The page lists every notification, read ones of earlier flows too.
    await expect.poll(() => page.getByTestId('notifies-item').count()).toBeGreaterThanOrEqual(unread);
    await expect(overlay(page)).toHaveCount(0);
    await saveScreenshot(page, 'notifies-page');

    // Read on the server: a new load shows no marker.
    const relisted = page.waitForResponse(
      (r) => r.url().includes('/api/notify/list') && !r.request().postData()?.includes('all'),
    );
    await page.reload();
    const again = (await (await relisted).json()) as { result: { count: number } };
    expect(again.result.count).toBe(0);
    // The page lists every notification, read ones of earlier flows too.
    await expect.poll(() => page.getByTestId('notifies-item').count()).toBeGreaterThanOrEqual(unread);
    await expect(page.getByTestId('notify-marker')).toHaveCount(0);
  });

  test('queue counter starts at 0 with an empty dropdown', async ({ page }) => {
    await loginViaApi(page, USERS.admin);
    await openShell(page);
    await expect(page.getByTestId('queue-count')).toHaveText('0');
    await page.getByTestId('queue-counter').click();
    const dropdown = page.getByTestId('queue-dropdown');
    await expect(dropdown).toBeVisible();
    await expect(dropdown).toContainText('Выполняемые операции');
    await expect(dropdown).toContainText('Нет выполняемых операций');
    await expect(dropdown.getByTestId('queue-item')).toHaveCount(0);
  });

  test('APN dropdown: technical domain and a knowledge-base link with the language', async ({ page }) => {
    await loginViaApi(page, USERS.admin);
    await openShell(page);
    await page.getByTestId('apn-button').click();
    await expect(page.getByTestId('apn-domain')).toHaveText('iot.m2m.net');
    const link = page.getByTestId('apn-knowledge-base');
    await expect(link).toHaveAttribute('href', /^https:\/\/.+\?lang=ru$/);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);

    await page.keyboard.press('Escape');
    await page.getByTestId('lang-en').click();
    await expect(page.getByTestId('page-title')).toHaveText('Welcome, Anna');
    await page.getByTestId('apn-button').click();
    await expect(page.getByTestId('apn-knowledge-base')).toHaveAttribute('href', /\?lang=en$/);
  });

  test('user menu: My profile and My company', async ({ page }) => {
    await loginViaApi(page, USERS.admin);
    await openShell(page);
    await expect(page.getByTestId('user-menu')).toContainText('Anna Adminova');
    await expect(page.getByTestId('user-menu')).toContainText('Администратор компании');

    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('menu-profile')).toHaveText('Мой профиль');
    await expect(page.getByTestId('menu-company')).toHaveText('Моя компания');
    await expect(page.getByTestId('menu-logout')).toHaveText('Выйти');
    await page.getByTestId('menu-profile').click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('page-title')).toHaveText('Мой профиль');
    await expect(page.getByTestId('menu-company')).toBeHidden();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-company').click();
    await expect(page).toHaveURL(/\/company\/my$/);
    await expect(page.getByTestId('page-title')).toHaveText('Компания');
  });
});
