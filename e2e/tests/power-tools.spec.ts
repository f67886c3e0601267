import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { chooseOption, listSims, rowIds } from '../support/sims.js';
import { startInLang } from '../support/ui.js';

/** The machine running these flows is shared and loaded: first renders of a page may take seconds. */
const slow = expect.configure({ timeout: 30_000 });

async function openList(page: Page, search = ''): Promise<void> {
  await page.goto(`/list${search}`);
  await slow(page.getByTestId('sims-table')).toBeVisible();
  await slow(page.getByTestId('sims-row').first().or(page.getByTestId('sims-empty'))).toBeVisible();
}

async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function roomForContent(page: Page): Promise<void> {
  const toggle = page.getByTestId('sidebar-toggle');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
}

test.describe('power-user tools of the SIM list (issue 14)', () => {
  test('exports the filtered, sorted list as CSV and XLSX with every column', async ({ page }) => {
    test.setTimeout(90_000);
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.viewer);
    const expected = await listSims(page.request, session.token, { filter: { query: 'Tracker 04', profile: 'TC' }, size: 500 });
    expected.items.sort((a, b) => b.iccid.localeCompare(a.iccid));
    expect(expected.total).toBeGreaterThan(5);
    await openList(page, '?query=Tracker+04&profile=TC&sortColumn=iccid&sortType=desc');

    const csvDownload = page.waitForEvent('download');
    await page.getByTestId('sims-export-csv').click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/^sims-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await downloaded(csvFile)).toString('utf8').replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('ID,ICCID,Number,Name,Profile,Block,Company,"MSU, EUR",Package,"Limit, MB","Balance, EUR",External ID,Added (UTC)');
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(expected.items.map((row) => row.iccid));

    const xlsxDownload = page.waitForEvent('download');
    await page.getByTestId('sims-export-xlsx').click();
    const workbook = new ExcelJS.Workbook();
    const bytes = await downloaded(await xlsxDownload);
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(expected.total + 1);
    expect(sheet?.getRow(2).getCell(2).value).toBe(expected.items[0]?.iccid);
    expect(sheet?.getRow(2).getCell(5).value).toBe('TC');
  });

  test('quick search: "/" focuses it, part of an ICCID jumps to the SIM, a name opens the filtered list', async ({ page }) => {
    test.setTimeout(90_000);
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.manager);
    const target = (await listSims(page.request, session.token, { filter: { query: 'Tracker 0777' }, size: 5 })).items[0];
    expect(target).toBeDefined();
    await page.goto('/home');
    await slow(page.getByTestId('page-title')).toBeVisible();

    const input = page.getByTestId('quick-search-input');
    await page.locator('body').press('/');
    await expect(input).toBeFocused();
    await input.fill('12');
    await expect(page.getByTestId('quick-search-panel')).toContainText('at least 3');
    await input.fill((target?.iccid ?? '').slice(-9));
    const hit = page.getByTestId('quick-search-hit');
    await slow(hit).toHaveCount(1);
    await expect(hit.first()).toContainText(target?.iccid ?? '');
    await saveScreenshot(page, 'tools-quick-search-en');
    await input.press('ArrowDown');
    await input.press('Enter');
    await slow(page).toHaveURL(new RegExp(`/sim/${target?.id}$`));
    await slow(page.getByTestId('sim-page')).toBeVisible();

    // A name matches many: Enter opens the list filtered by it.
    await input.focus();
    await input.fill('Tracker 01');
    await slow(page.getByTestId('quick-search-all')).toBeVisible();
    await input.press('Enter');
    await slow(page).toHaveURL(/\/list\?query=Tracker\+01/);
    await slow(page.getByTestId('sims-filter-query')).toHaveValue('Tracker 01');
  });

  test('a saved view keeps filter, columns and sort, and restores them', async ({ page }) => {
    test.setTimeout(90_000);
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.manager);
    await openList(page, '?query=Tracker+05&blocked=2&sortColumn=name&sortType=desc');
    // Hide the Company column.
    await page.getByTestId('sims-columns').click();
    await page.locator('.p-overlaypanel').getByLabel('Company').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sims-table').getByRole('columnheader', { name: 'Company' })).toHaveCount(0);
    const viewed = await rowIds(page);

    const name = `Unblocked 05 ${Date.now() % 100_000}`;
    await page.getByTestId('saved-views-save').click();
    await page.getByTestId('saved-views-confirm').click();
    await expect(page.getByTestId('saved-views-dialog')).toContainText('Enter a name');
    await page.getByTestId('saved-views-name').fill(name);
    await page.getByTestId('saved-views-shared').click();
    await page.getByTestId('saved-views-confirm').click();
    await expect(page.getByTestId('saved-views-dialog')).toBeHidden();

    // Somewhere else entirely: another filter, the column back.
    await page.getByTestId('sims-clear-filter').click();
    // The filter goes; the order stays (it is not a filter).
    await expect(page).toHaveURL(/\/list\?sortColumn=name&sortType=desc$/);
    await page.getByTestId('sims-columns').click();
    await page.locator('.p-overlaypanel').getByLabel('Company').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sims-table').getByRole('columnheader', { name: 'Company' })).toHaveCount(1);

    await chooseOption(page, page.getByTestId('saved-views-select'), `${name} · shared`);
    await slow(page).toHaveURL(/query=Tracker\+05/);
    expect(page.url()).toContain('blocked=2');
    expect(page.url()).toContain('sortColumn=name');
    expect(page.url()).toContain('sortType=desc');
    await expect(page.getByTestId('sims-table').getByRole('columnheader', { name: 'Company' })).toHaveCount(0);
    await slow.poll(() => rowIds(page)).toEqual(viewed);
    await saveScreenshot(page, 'tools-saved-view-en');

    // Shared: the company's viewer sees it (read-only) and can apply it too.
    const viewerContext = await page.context().browser()?.newContext();
    if (viewerContext) {
      const viewerPage = await viewerContext.newPage();
      await startInLang(viewerPage, 'en');
      await loginViaApi(viewerPage, USERS.viewer);
      await openList(viewerPage);
      await chooseOption(viewerPage, viewerPage.getByTestId('saved-views-select'), `${name} · shared`);
      await slow(viewerPage).toHaveURL(/query=Tracker\+05/);
      await expect(viewerPage.getByTestId('saved-views-delete')).toHaveCount(0);
      await viewerContext.close();
    }

    // Its author deletes it.
    await page.getByTestId('saved-views-delete').click();
    await page.getByTestId('saved-views-delete-confirm').click();
    await page.getByTestId('saved-views-select').click();
    await expect(page.locator('.p-dropdown-panel')).not.toContainText(name);
    await page.keyboard.press('Escape');
  });

  for (const lang of ['ru', 'en'] as const) {
    for (const width of [1440, 390]) {
      test(`list tools look right: ${lang}, ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await startInLang(page, lang);
        await loginViaApi(page, USERS.manager);
        await openList(page, '?query=Tracker+06');
        if (width === 390) await roomForContent(page);
        await page.getByTestId('sims-row').nth(0).locator('td.p-selection-column .p-checkbox').click();
        await page.getByTestId('sims-row').nth(1).locator('td.p-selection-column .p-checkbox').click();
        await saveScreenshot(page, `tools-list-${lang}-${width}`);
        await page.getByTestId('sims-show-selected').click();
        await expect(page.getByTestId('sims-selected-row')).toHaveCount(2);
        await saveScreenshot(page, `tools-selected-${lang}-${width}`);
        await page.getByTestId('sims-selected-close').click();
        await page.getByTestId('saved-views-save').click();
        await expect(page.getByTestId('saved-views-dialog')).toBeVisible();
        await saveScreenshot(page, `tools-save-view-${lang}-${width}`);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('saved-views-dialog')).toBeHidden();
        await page.getByTestId('quick-search-input').click();
        await page.getByTestId('quick-search-input').fill('Tracker 06');
        await slow(page.getByTestId('quick-search-hit').first()).toBeVisible();
        await saveScreenshot(page, `tools-quick-search-${lang}-${width}`);
      });
    }
  }
});
