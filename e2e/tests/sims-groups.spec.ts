import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import {
  chooseOption,
  expectQueued,
  listGroups,
  listSims,
  openOperation,
  openSimList,
  rowCheckbox,
  rowIds,
  simRows,
  waitForQueueIdle,
} from '../support/sims.js';
import { startInLang, toasts } from '../support/ui.js';

test.describe('groups of SIM cards (spec §3, §5)', () => {
  test('create, duplicate name, add three SIMs by operation, open the list, rename, delete', async ({ page }) => {
    test.setTimeout(90_000);
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.admin);
    await waitForQueueIdle(page.request, session.token);
    const name = `E2E group ${Date.now().toString(36)}`;
    const row = (groupName: string) => page.getByTestId('groups-row').filter({ hasText: groupName });

    await page.goto('/groups');
    await expect(page.getByTestId('page-title')).toHaveText('Groups');
    await page.getByTestId('groups-create').click();
    const dialog = page.getByTestId('group-dialog');
    await expect(dialog).toContainText('New group');
    // An empty name is refused on the client.
    await page.getByTestId('group-save').click();
    await expect(page.getByTestId('group-name-error')).toHaveText('Enter a name');
    await page.getByTestId('group-name').fill(name);
    await page.getByTestId('group-save').click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page, 'top-right').filter({ hasText: 'Group created' })).toBeVisible();
    await expect(row(name)).toHaveCount(1);
    await expect(row(name)).toContainText(name);

    // The same name again: the server's 409 lands under the field, the dialog stays.
    await page.getByTestId('groups-create').click();
    await page.getByTestId('group-name').fill(name);
    const refused = page.waitForResponse((r) => r.url().includes('/api/groups/create'));
    await page.getByTestId('group-save').click();
    expect((await refused).status()).toBe(409);
    await expect(page.getByTestId('group-name-error')).toBeVisible();
    await expect(page.getByTestId('group-name-error')).not.toHaveText('');
    await expect(page.getByTestId('group-name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeVisible();
    await expect(page.locator('.p-toast-message-error')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const group = (await listGroups(page.request, session.token)).find((g) => g.name === name);
    if (!group) throw new Error('group not created');
    expect(group.sim_count).toBe(0);

    // Three SIMs of the list join the group through the group operation.
    const sims = (await listSims(page.request, session.token, { size: 3, filter: { query: 'Tracker 03' } })).items;
    expect(sims).toHaveLength(3);
    await openSimList(page, '?query=Tracker+03');
    for (const sim of sims) await rowCheckbox(page, sim.id).click();
    await expect(page.getByTestId('sims-selection-count')).toHaveAttribute('data-count', '3');
    await openOperation(page, 'queue_group');
    await chooseOption(page, page.getByTestId('op-group'), name);
    const created = await expectQueued(page, () => page.getByTestId('op-confirm').click());
    expect(created.count).toBe(3);
    await expect(page.getByTestId('op-dialog')).toBeHidden();
    await waitForQueueIdle(page.request, session.token);

    await page.goto('/groups');
    await expect(row(name)).toContainText(name);
    await expect(row(name).locator('td').nth(1)).toHaveText('3');
    await saveScreenshot(page, 'groups');

    await row(name).getByTestId('groups-open-list').click();
    await expect(page).toHaveURL(new RegExp(`/list\\?group=${group.id}$`));
    await expect(page.getByTestId('sims-filter-group')).toContainText(`Group: ${name}`);
    await expect(page.getByTestId('sims-total')).toHaveAttribute('data-total', '3');
    await expect(simRows(page)).toHaveCount(3);
    expect((await rowIds(page)).sort()).toEqual(sims.map((sim) => sim.id).sort());

    // Rename, then delete with confirmation.
    await page.goto('/groups');
    const renamed = `${name} renamed`;
    await row(name).getByTestId('groups-rename').click();
    await expect(dialog).toContainText('Rename group');
    await expect(page.getByTestId('group-name')).toHaveValue(name);
    await page.getByTestId('group-name').fill(renamed);
    await page.getByTestId('group-save').click();
    await expect(toasts(page, 'top-right').filter({ hasText: 'Group renamed' })).toBeVisible();
    await expect(row(renamed)).toHaveCount(1);

    await row(renamed).getByTestId('groups-delete').click();
    const confirm = page.getByTestId('group-delete-dialog');
    await expect(confirm).toContainText(`Delete group "${renamed}"?`);
    await page.getByTestId('group-delete-confirm').click();
    await expect(confirm).toBeHidden();
    await expect(toasts(page, 'top-right').filter({ hasText: 'Group deleted' })).toBeVisible();
    await expect(row(renamed)).toHaveCount(0);
    expect((await listGroups(page.request, session.token)).some((g) => g.id === group.id)).toBe(false);
  });
});
