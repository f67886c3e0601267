import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { AxeLedger } from '../support/axe.js';
import { DESKTOP, PHONE } from '../support/page-sweep.js';
import { saveScreenshot } from '../support/screens.js';
import { filePayload, listSims, openSimList } from '../support/sims.js';
import { startInLang, switchLang } from '../support/ui.js';

/*
 * Issue 25.6: names, external ids and labels of many SIM cards from a CSV file. The file starts a
 * queue operation; the dialog says which lines it left out and why; the list shows the new names
 * once it ends. A file the server cannot read says so in Russian on a phone — with axe.
 */

const ledger = new AxeLedger();

test('a manager edits SIM cards from a file and sees each line left out (en 1440, ru 390)', async ({ page }) => {
  test.setTimeout(120_000);
  await startInLang(page, 'en');
  const session = await loginViaApi(page, USERS.manager);
  const { total } = await listSims(page.request, session.token, { size: 1 });
  const sims = (await listSims(page.request, session.token, { size: 2, page: Math.floor(total / 2) - 1 })).items;
  const [first, second] = sims;
  if (!first || !second) throw new Error('the demo company has fewer than two SIMs');
  const stamp = Date.now().toString(36);
  const file = ['ICCID;NAME;LABELS', `${first.iccid};Edited ${stamp};e2e-${stamp}`, `${second.iccid};Edited ${stamp};`, '8900000000000000000;Nobody;', 'x1;Bad;'].join('\n');

  await page.setViewportSize(DESKTOP);
  await openSimList(page);
  await page.getByTestId('sims-edit-file').click();
  const dialog = page.getByTestId('sim-edit-dialog');
  await expect(dialog).toContainText('An empty cell leaves the value as it is');
  await expect(page.getByTestId('sim-edit-start')).toBeDisabled();
  await page.getByTestId('sim-edit-input').setInputFiles(filePayload('names.csv', file));
  await ledger.check(page, 'sim-edit en 1440 dialog');
  await saveScreenshot(page, 'sim-edit-en-1440-dialog');
  await page.getByTestId('sim-edit-start').click();

  await expect(page.getByTestId('sim-edit-started')).toHaveText('Started for 2 SIM cards of 4 lines: the progress is in the header, the results on Operations.');
  await expect(page.getByTestId('sim-edit-count-unknown_iccid')).toHaveText('No SIM card has this ICCID: 1');
  await expect(page.getByTestId('sim-edit-count-invalid')).toHaveText('Value not allowed: 1');
  const problems = page.getByTestId('sim-edit-problems');
  await expect(problems).toContainText('8900000000000000000');
  await expect(problems).toContainText('Value not allowed: an ICCID is 18 to 20 digits');
  await ledger.check(page, 'sim-edit en 1440 report');
  await saveScreenshot(page, 'sim-edit-en-1440-report');
  const download = page.waitForEvent('download');
  await page.getByTestId('sim-edit-download').click();
  expect((await download).suggestedFilename()).toMatch(/^sim-edit-\d+\.csv$/);
  await page.getByTestId('sim-edit-close').click();

  // The operation's end refreshes the list: the new names show.
  await openSimList(page, `?query=${encodeURIComponent(`Edited ${stamp}`)}`);
  await expect(page.getByTestId('sims-total')).toHaveAttribute('data-total', '2', { timeout: 30_000 });

  // Russian on a phone: a file without the ICCID column is refused with the server's words.
  await switchLang(page, 'ru');
  await page.setViewportSize(PHONE);
  await page.getByTestId('sims-edit-file').click();
  await page.getByTestId('sim-edit-input').setInputFiles(filePayload('names.csv', 'NAME\nx'));
  await page.getByTestId('sim-edit-start').click();
  await expect(page.getByTestId('sim-edit-error')).toContainText('Первая строка файла должна называть столбец ICCID');
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'page width at 390 px').toBeLessThanOrEqual(client ?? 0);
  await ledger.check(page, 'sim-edit ru 390 error');
  await saveScreenshot(page, 'sim-edit-ru-390-error');
  ledger.expectNoFindings('sim-edit');
});
