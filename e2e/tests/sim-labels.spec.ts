import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { AxeLedger } from '../support/axe.js';
import { DESKTOP, PHONE, setLang } from '../support/page-sweep.js';
import { saveScreenshot } from '../support/screens.js';
import { expectTotal, listSims, openSimList } from '../support/sims.js';
import { startInLang } from '../support/ui.js';

/*
 * Issue 25.6 and 25.9: labels on the SIM page (added and removed by keyboard), shown in the list and
 * filtered by; the list's CSV filter says which lines it did not find and gives them as a file —
 * in en and ru, at 1440 and 390 px, with axe.
 */

const ledger = new AxeLedger();
const UNKNOWN_ICCID = '89701999999999999999';

async function noSideScroll(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'page width at 390 px').toBeLessThanOrEqual(client ?? 0);
}

async function addLabel(page: Page, label: string): Promise<void> {
  const input = page.getByTestId('sim-label-input');
  await input.fill(label);
  await input.press('Enter');
  await expect(page.getByTestId('sim-labels').getByTestId('label-chip').filter({ hasText: label })).toBeVisible();
  await expect(input).toHaveValue('');
}

test('labels on the SIM page, in the list and its filter; the CSV filter names what it did not find (en and ru, 1440 and 390 px)', async ({ page }) => {
  // Two languages, two widths and six axe views: past the default minute on a loaded machine.
  test.setTimeout(180_000);
  await startInLang(page, 'en');
  const session = await loginViaApi(page, USERS.manager);
  const [first, second] = (await listSims(page.request, session.token, { size: 2 })).items;
  if (!first || !second) throw new Error('the demo company has fewer than two SIMs');

  // The SIM page, by keyboard: type and Enter adds; a wrong label is said and nothing is sent.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/sim/${first.id}`);
  const card = page.getByTestId('sim-labels');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('heading', { name: 'Labels' })).toBeVisible();
  await expect(page.getByTestId('sim-labels-none')).toHaveText('No labels');
  await addLabel(page, 'north-7');
  await addLabel(page, 'pump');
  await page.getByTestId('sim-label-input').fill('a;b');
  await page.getByTestId('sim-label-input').press('Enter');
  await expect(page.getByTestId('sim-label-hint')).toHaveText(/Letters, digits, space/);
  await page.getByTestId('sim-label-input').fill('');
  await ledger.check(page, 'sim-labels en 1440 page');
  await saveScreenshot(page, 'sim-labels-en-1440-page');
  // Removing is a button named after its label, reached with Tab and pressed with Enter.
  const removePump = page.getByRole('button', { name: 'Remove label pump' });
  await removePump.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByTestId('label-chip')).toHaveText(['north-7']);

  // The list: the label's chip under the name, and the label filter.
  await openSimList(page);
  await page.getByTestId('sims-filter-label').click();
  await page.getByRole('option', { name: 'north-7' }).click();
  await expect(page).toHaveURL(/label=north-7/);
  // Axe looks at the page, not at a focused Dropdown: while focused, any PrimeReact Dropdown of the filter
  // (this one, Profile, Company) names a closed panel's option in aria-activedescendant (aria-valid-attr-value).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expectTotal(page, 1);
  await expect(page.getByTestId('sims-row').getByTestId('label-chip')).toHaveText(['north-7']);
  await ledger.check(page, 'sim-labels en 1440 list');
  await saveScreenshot(page, 'sim-labels-en-1440-list');

  // The CSV filter: two known ICCIDs and one unknown → "Not found: 1", the line shown and downloaded.
  await openSimList(page);
  const csv = ['ICCID', first.iccid, UNKNOWN_ICCID, second.iccid].join('\n');
  await page.getByTestId('sims-filter-csv').setInputFiles({ name: 'devices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expectTotal(page, 2);
  const note = page.getByTestId('csv-missing');
  await expect(note).toContainText('Not found: 1');
  await page.getByTestId('csv-missing-show').click();
  const dialog = page.getByRole('dialog', { name: /Lines that matched no SIM card/ });
  await expect(dialog).toContainText(`Line 3${UNKNOWN_ICCID}`);
  await ledger.check(page, 'sim-labels en 1440 not-found dialog');
  await saveScreenshot(page, 'sim-labels-en-1440-not-found');
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('csv-missing-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('devices-not-found.csv');
  expect((await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '')).toBe(`${UNKNOWN_ICCID}\r\n`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Russian on a phone: the SIM page's labels, the filtered list as cards, the not-found note.
  await setLang(page, 'ru');
  await page.setViewportSize(PHONE);
  await page.goto(`/sim/${first.id}`);
  await page.getByTestId('sim-labels').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('sim-labels').getByRole('heading', { name: 'Метки' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Удалить метку north-7' })).toBeVisible();
  await noSideScroll(page);
  await ledger.check(page, 'sim-labels ru 390 page');
  await saveScreenshot(page, 'sim-labels-ru-390-page');
  await openSimList(page, '?label=north-7');
  await expectTotal(page, 1);
  await expect(page.getByTestId('sims-row').getByTestId('label-chip')).toHaveText(['north-7']);
  await noSideScroll(page);
  await ledger.check(page, 'sim-labels ru 390 list');
  await saveScreenshot(page, 'sim-labels-ru-390-list');
  await openSimList(page);
  await page.getByTestId('sims-filter-csv').setInputFiles({ name: 'devices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('csv-missing')).toContainText('Не найдено: 1');
  await page.getByTestId('csv-missing-show').click();
  await expect(page.getByRole('dialog', { name: /Строки, для которых не нашлось SIM-карты/ })).toContainText('Строка 3');
  await noSideScroll(page);
  await ledger.check(page, 'sim-labels ru 390 not-found dialog');
  await saveScreenshot(page, 'sim-labels-ru-390-not-found');
  ledger.expectNoFindings('sim-labels');
});
