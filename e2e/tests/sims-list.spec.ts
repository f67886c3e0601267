import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import {
  chooseOption,
  columnTexts,
  expectTotal,
  filePayload,
  listSims,
  openSimList,
  rowCheckbox,
  rowIds,
  simRows,
} from '../support/sims.js';
import { startInLang } from '../support/ui.js';

const search = (page: { url: () => string }): URLSearchParams => new URL(page.url()).searchParams;

test.describe('SIM list: filter, URL state, columns, CSV filter (spec §2, §3, §5)', () => {
  test('query, profile and blocked filters, paging and sorting live in the URL and survive a reload', async ({
    page,
  }) => {
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.admin);
    const expected = await listSims(page.request, session.token, { filter: { query: 'Tracker 00' } });
    expect(expected.total).toBeGreaterThan(25); // two pages at least

    await openSimList(page);
    await expect(page.getByTestId('page-title')).toHaveText('SIM list');
    const listed = page.waitForRequest(
      (r) => r.url().includes('/api/sims/list') && r.postData()?.includes('Tracker 00') === true,
    );
    await page.getByTestId('sims-filter-query').fill('Tracker 00');
    expect((await listed).postDataJSON()).toMatchObject({ page: 0, size: 25, filter: { query: 'Tracker 00' } });
    await expect(page).toHaveURL(/[?&]query=Tracker(\+|%20)00(&|$)/);
    await expectTotal(page, expected.total);
    await expect(page.getByTestId('sims-total')).toHaveText(`Found: ${expected.total}`);
    await expect(simRows(page)).toHaveCount(25);
    for (const name of await columnTexts(page, 'name')) expect(name).toContain('Tracker 00');

    // Sort by name, descending (second click), then page 2.
    const nameHeader = page.getByRole('columnheader', { name: 'Name', exact: true });
    await nameHeader.click();
    await expect(page).toHaveURL(/sortColumn=name&sortType=asc/);
    await nameHeader.click();
    await expect(page).toHaveURL(/sortColumn=name&sortType=desc/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(simRows(page).first().locator('td.col-name')).toHaveText('Tracker 0099');
    await page.locator('.p-paginator-next').click();
    await expect(page).toHaveURL(/pageIndex=2/);
    await expect(page.locator('.p-paginator-page.p-highlight')).toHaveText('2');
    await expect(simRows(page).first().locator('td.col-name')).not.toHaveText('Tracker 0099');
    const pageTwo = await rowIds(page);
    const names = await columnTexts(page, 'name');
    expect(names).toEqual([...names].sort().reverse());
    await saveScreenshot(page, 'sims-list-filtered-en');

    await page.reload();
    await expect(page.getByTestId('sims-filter-query')).toHaveValue('Tracker 00');
    await expect(page.locator('.p-paginator-page.p-highlight')).toHaveText('2');
    await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expectTotal(page, expected.total);
    await expect.poll(() => rowIds(page)).toEqual(pageTwo);
    expect(Object.fromEntries(search(page))).toEqual({
      query: 'Tracker 00',
      pageIndex: '2',
      sortColumn: 'name',
      sortType: 'desc',
    });

    // Profile TD: back to page 1, every row TD. (Its blocked demo SIMs are MSU blocks, which billing flows never lift.)
    await chooseOption(page, page.getByTestId('sims-filter-profile'), 'TD');
    await expect(page).toHaveURL(/profile=TD/);
    await expect(page).not.toHaveURL(/pageIndex=/);
    const td = await listSims(page.request, session.token, { filter: { query: 'Tracker 00', profile: 'TD' } });
    await expectTotal(page, td.total);
    await expect(simRows(page)).toHaveCount(Math.min(25, td.total));
    for (const profile of await columnTexts(page, 'profile')) expect(profile).toBe('TD');

    // Blocked: no row is "Not blocked".
    await page.getByTestId('sims-filter-query').fill('');
    await expect(page).not.toHaveURL(/query=/);
    const asked = page.waitForRequest((r) => r.url().includes('/api/sims/list') && (r.postDataJSON() as { filter?: { blocked?: number } } | null)?.filter?.blocked === 1);
    await chooseOption(page, page.getByTestId('sims-filter-blocked'), 'Blocked');
    await expect(page).toHaveURL(/blocked=1/);
    // The spec's call shape: `blocked` and `msu_block` both travel.
    expect((await asked).postDataJSON()).toMatchObject({ filter: { blocked: 1, msu_block: false } });
    const blocked = await listSims(page.request, session.token, { filter: { profile: 'TD', blocked: 1 } });
    expect(blocked.total).toBeGreaterThan(0);
    await expectTotal(page, blocked.total);
    const types = await columnTexts(page, 'block_type');
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(type).not.toBe('Not blocked');
    await page.reload();
    await expect(page.getByTestId('sims-filter-blocked')).toContainText('Blocked');
    await expect(page.getByTestId('sims-filter-profile')).toContainText('TD');
    await expectTotal(page, blocked.total);
  });

  test('quick clicks count on a slow machine: a header clicked twice sorts descending, three checkboxes select three', async ({
    page,
  }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.admin);
    await openSimList(page, '?query=Tracker+00');
    await expect(simRows(page)).toHaveCount(25);
    // Slowed down, the table is still drawing the first click when the second arrives (CI lost those).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    const nameHeader = page.getByRole('columnheader', { name: 'Name', exact: true });
    await nameHeader.click();
    await nameHeader.click();
    await expect(page).toHaveURL(/sortColumn=name&sortType=desc/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(simRows(page).first().locator('td.col-name')).toHaveText('Tracker 0099');

    const sorted = await rowIds(page);
    for (const id of sorted.slice(0, 3)) await rowCheckbox(page, id).click();
    await expect(page.getByTestId('sims-selection-count')).toHaveAttribute('data-count', '3');
    for (const id of sorted.slice(0, 3)) await expect(rowCheckbox(page, id).locator('input')).toBeChecked();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('a hidden column stays hidden after a reload (cards-table-row-settings) until shown again', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.viewer);
    await openSimList(page);
    const header = page.getByRole('columnheader', { name: 'Number', exact: true });
    await expect(header).toBeVisible();

    await page.getByTestId('sims-columns').click();
    const msisdn = page.getByTestId('sims-column-msisdn');
    await expect(msisdn).toHaveAttribute('data-p-highlight', 'true');
    await msisdn.click();
    await expect(msisdn).toHaveAttribute('data-p-highlight', 'false');
    await expect(header).toHaveCount(0);
    await expect(page.locator('td.col-msisdn')).toHaveCount(0);
    await saveScreenshot(page, 'sims-columns-picker');
    const stored = await page.evaluate(() => window.localStorage.getItem('cards-table-row-settings'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ msisdn: false, iccid: true });

    await page.reload();
    await expect(simRows(page).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'ICCID', exact: true })).toBeVisible();
    await expect(header).toHaveCount(0);
    await expect(page.locator('td.col-msisdn')).toHaveCount(0);

    await page.getByTestId('sims-columns').click();
    await page.getByTestId('sims-column-msisdn').click();
    await expect(header).toBeVisible();
    await expect(page.locator('td.col-msisdn').first()).toBeVisible();
    const again = await page.evaluate(() => window.localStorage.getItem('cards-table-row-settings'));
    expect(JSON.parse(again ?? '{}')).toMatchObject({ msisdn: true });
  });

  test('CSV filter: a .txt file is refused; a CSV of three ICCIDs shows exactly those SIMs', async ({ page }) => {
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.admin);
    const source = await listSims(page.request, session.token, { size: 3, filter: { query: 'Tracker 05' } });
    const chosen = source.items.slice(0, 3);
    expect(chosen).toHaveLength(3);

    await openSimList(page);
    const input = page.getByTestId('sims-filter-csv');
    await input.setInputFiles(filePayload('iccids.txt', chosen.map((sim) => sim.iccid).join('\n'), 'text/plain'));
    await expect(page.getByTestId('sims-csv-error')).toHaveText('File must be CSV');
    await expect(page.getByTestId('sims-csv-name')).toHaveCount(0);

    const listed = page.waitForRequest(
      (r) => r.url().includes('/api/sims/list') && r.postData()?.includes('csv') === true,
    );
    await input.setInputFiles(filePayload('iccids.csv', `ICCID\n${chosen.map((sim) => sim.iccid).join('\n')}\n`));
    const body = (await listed).postDataJSON() as { filter: { csv?: string; query?: string } };
    expect(body.filter.csv).toContain(chosen[0]?.iccid);
    await expect(page.getByTestId('sims-csv-error')).toHaveCount(0);
    await expect(page.getByTestId('sims-csv-name')).toContainText('iccids.csv');
    await expectTotal(page, 3);
    await expect(simRows(page)).toHaveCount(3);
    expect((await rowIds(page)).sort()).toEqual(chosen.map((sim) => sim.id).sort());
    // The CSV replaces search and profile (spec §5).
    await expect(page.getByTestId('sims-filter-query')).toBeDisabled();
    await saveScreenshot(page, 'sims-csv-filter');

    await page.getByTestId('sims-csv-clear').click();
    await expect(page.getByTestId('sims-csv-name')).toHaveCount(0);
    await expect(page.getByTestId('sims-filter-query')).toBeEnabled();
    await expect(simRows(page)).toHaveCount(25);
  });

  test('screenshots of the list in Russian and English', async ({ page }) => {
    await loginViaApi(page, USERS.admin);
    await openSimList(page);
    await expect(page.getByTestId('page-title')).toHaveText('Список SIM');
    await expect(page.getByTestId('sims-total')).toContainText('Найдено:');
    await expect(simRows(page)).toHaveCount(25);
    await saveScreenshot(page, 'sims-list-ru');
    await page.getByTestId('lang-en').click();
    await expect(page.getByTestId('sims-total')).toContainText('Found:');
    await expect(page.getByRole('columnheader', { name: 'Block type', exact: true })).toBeVisible();
    await saveScreenshot(page, 'sims-list-en');
  });
});
