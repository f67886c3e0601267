import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { AxeLedger } from '../support/axe.js';
import { waitForMail } from '../support/mail.js';
import { DESKTOP, PHONE } from '../support/page-sweep.js';
import { saveScreenshot } from '../support/screens.js';
import { openShell, startInLang } from '../support/ui.js';

/*
 * Scheduled reports (issue 25.8): a manager schedules the filtered SIM list from its export, sees the
 * schedule under Downloads, runs it now and gets the mail with the file attached; pauses it, edits it
 * in Russian on a phone and deletes it after a confirmation. en and ru, 1440 and 390 px, axe.
 */

const ledger = new AxeLedger();

async function noSideScroll(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'page width at 390 px').toBeLessThanOrEqual(client ?? 0);
}

test('a manager schedules the SIM list, runs it now, gets the mail, pauses, edits and deletes it (en 1440, ru 390)', async ({ page }) => {
  test.setTimeout(150_000);
  const address = `schedule-${Date.now()}@example.com`;
  await startInLang(page, 'en');
  await loginViaApi(page, USERS.manager);
  await page.setViewportSize(DESKTOP);

  // The reports have the action too (enabled once a filter and dates are chosen).
  await openShell(page, '/report/day');
  await expect(page.getByTestId('schedule-report')).toBeVisible();

  await openShell(page, '/list?query=Tracker+04');
  await page.getByTestId('schedule-report').click();
  const dialog = page.getByTestId('schedule-dialog');
  await expect(dialog).toContainText('Schedule the report');
  // A wrong address is refused in place, and nothing is saved.
  await dialog.getByTestId('schedule-recipients').fill('not-an-address');
  await dialog.getByTestId('schedule-save').click();
  await expect(dialog).toContainText('Check the addresses: each must look like user@domain');
  await dialog.getByTestId('schedule-recipients').fill(address);
  await dialog.getByTestId('schedule-cadence').selectOption('monthly');
  await dialog.getByTestId('schedule-month-day').selectOption('31');
  await dialog.getByTestId('schedule-hour').selectOption('7');
  await dialog.getByTestId('schedule-format').selectOption('csv');
  await expect(dialog.getByTestId('schedule-summary')).toHaveText('Monthly on day 31 (the last day of a shorter month) at 07:00 UTC');
  await ledger.check(page, 'schedule dialog en 1440');
  await saveScreenshot(page, 'report-schedule-dialog-en-1440');
  await dialog.getByTestId('schedule-save').click();
  await expect(dialog).toBeHidden();

  // Downloads lists it; "Run now" mails the file to the address, attached.
  await openShell(page, '/generated_reports');
  const card = page.getByTestId('schedule-card').filter({ hasText: address });
  await expect(card).toContainText('Monthly on day 31');
  await expect(card).toContainText('Tracker 04');
  await card.getByTestId('schedule-run').click();
  const mail = await waitForMail(address, 90_000);
  expect(mail.raw).toMatch(/Content-Disposition: attachment;\s*filename=sims-\d+\.csv/);
  await expect(card.getByTestId('schedule-last-run')).not.toContainText('Running', { timeout: 30_000 });
  await expect(card).toContainText('Sent');
  // The run's file is in Downloads beside the files made by hand.
  await expect(page.getByTestId('generated-table').getByTestId('generated-kind').first()).toContainText('SIM list');
  await card.getByTestId('schedule-pause').click();
  await expect(card).toContainText('Paused');
  await ledger.check(page, 'schedules en 1440');
  await saveScreenshot(page, 'report-schedules-en-1440');

  // Russian on a phone: cards without sideways scroll; the edit dialog; delete asks first.
  await page.evaluate(() => window.localStorage.setItem('lang', 'ru'));
  await page.setViewportSize(PHONE);
  await openShell(page, '/generated_reports');
  const ruCard = page.getByTestId('schedule-card').filter({ hasText: address });
  await expect(ruCard).toContainText('Ежемесячно, 31-го числа');
  await expect(ruCard).toContainText('Приостановлено');
  await noSideScroll(page);
  await ledger.check(page, 'schedules ru 390');
  await saveScreenshot(page, 'report-schedules-ru-390');
  await ruCard.getByTestId('schedule-edit').click();
  await expect(dialog).toContainText('Изменить расписание');
  await dialog.getByTestId('schedule-cadence').selectOption('weekly');
  await dialog.getByTestId('schedule-weekday').selectOption('3');
  await expect(dialog.getByTestId('schedule-summary')).toHaveText('Еженедельно, среда, в 07:00 UTC');
  await ledger.check(page, 'schedule dialog ru 390');
  await saveScreenshot(page, 'report-schedule-dialog-ru-390');
  await dialog.getByTestId('schedule-save').click();
  await expect(dialog).toBeHidden();
  await expect(ruCard).toContainText('Еженедельно, среда');

  await ruCard.getByTestId('schedule-delete').click();
  const confirm = page.locator('.p-confirm-dialog');
  await expect(confirm).toContainText('Удалить расписание?');
  await confirm.getByRole('button', { name: 'Оставить' }).click();
  await expect(ruCard).toBeVisible();
  await ruCard.getByTestId('schedule-delete').click();
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(ruCard).toHaveCount(0);
  ledger.expectNoFindings('schedule');
});
