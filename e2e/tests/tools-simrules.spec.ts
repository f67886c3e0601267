import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { listSims, openSimList, waitForQueueIdle } from '../support/sims.js';
import { startInLang, toasts } from '../support/ui.js';

/** Shots of a page at desktop and phone width (where the menu is a closed drawer), for a human to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('roaming (issue 11 point 2)', () => {
  test('a manager changes a SIM\'s roaming and sees it pending with "up to 3 working days"', async ({ page }) => {
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.manager);
    const sim = (await listSims(page.request, session.token, { size: 1, filter: { query: 'Tracker 0009' } })).items[0];
    if (!sim) throw new Error('no SIM for roaming');
    await page.goto(`/sim/${sim.id}`);
    const card = page.getByTestId('sim-roaming');
    await expect(card.getByTestId('roaming-current')).toHaveText('Off');
    await expect(card.getByTestId('roaming-pending')).toHaveCount(0);
    await expect(card.getByTestId('roaming-save')).toBeDisabled();

    // Zones without a zone cannot be sent.
    await card.getByTestId('roaming-mode').getByText('Zones', { exact: true }).click();
    await expect(card.getByTestId('roaming-zones')).toContainText('Choose at least one zone');
    await expect(card.getByTestId('roaming-save')).toBeDisabled();
    await card.getByTestId('roaming-zone-europe').click();
    await card.getByTestId('roaming-zone-cis').click();
    const sent = page.waitForRequest((r) => r.url().includes('/api/sims/roaming/set'));
    await card.getByTestId('roaming-save').click();
    expect((await sent).postDataJSON()).toEqual({ id: sim.id, mode: 'zones', zones: ['europe', 'cis'] });
    await expect(toasts(page, 'top-right').filter({ hasText: 'Roaming change requested' })).toBeVisible();

    const pending = card.getByTestId('roaming-pending');
    await expect(pending).toContainText('Pending: Zones: Europe, CIS.');
    await expect(pending).toContainText('Roaming settings changes take up to 3 working days.');
    await expect(pending).toContainText('applies by');
    await expect(card.getByTestId('roaming-current')).toHaveText('Off');
    await shoot(page, 'simrules-sim-roaming-en');

    // Still pending after a reload: it is the network's to apply.
    await page.reload();
    await expect(page.getByTestId('sim-roaming').getByTestId('roaming-pending')).toContainText('up to 3 working days');
  });

  test('the same in Russian, and as a bulk operation from the list', async ({ page }) => {
    await startInLang(page, 'ru');
    await loginViaApi(page, USERS.manager);
    await openSimList(page, '?query=Tracker%20001');
    await page.getByTestId('sims-table').locator('thead th.p-selection-column .p-checkbox').click();
    await page.getByTestId('sims-roaming').click();
    const dialog = page.getByTestId('roaming-dialog');
    await expect(dialog).toContainText('Изменение настроек роуминга занимает до 3 рабочих дней.');
    await shoot(page, 'simrules-bulk-roaming-ru');
    const sent = page.waitForResponse((r) => r.url().includes('/api/sims/roaming/bulk'));
    await dialog.getByTestId('roaming-bulk-confirm').click();
    const response = await sent;
    expect(response.status()).toBe(200);
    await expect(toasts(page, 'top-right').filter({ hasText: 'Изменение роуминга запрошено' })).toBeVisible();
    const first = page.getByTestId('sims-row').first();
    await first.getByTestId('sims-row-link').click();
    await expect(page.getByTestId('roaming-pending')).toContainText('до 3 рабочих дней');
    await expect(page.getByTestId('roaming-pending')).toContainText('Весь мир');
    await shoot(page, 'simrules-sim-roaming-ru');
  });
});

test.describe('country rules (spec §9)', () => {
  test('a TC SIM seen in a rule country is marked in the list and warned of on its page', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.viewer);
    // Demo SIM 20 (TC, worldwide roaming) was last seen in Turkey (seed).
    await openSimList(page, '?query=Tracker%200021');
    await expect(page.getByTestId('sims-row-country-warning')).toHaveCount(1);
    await expect(page.getByTestId('sims-row-country-warning')).toHaveAttribute('aria-label', /Turkey/);
    await shoot(page, 'simrules-list-warning-en');
    await page.getByTestId('sims-row-link').click();
    await expect(page.getByTestId('sim-country-warning')).toContainText('last seen in Turkey: from 01/06/2024 TC-profile SIMs do not work there');
    await expect(page.getByTestId('roaming-current')).toHaveText('Worldwide');
    await shoot(page, 'simrules-sim-warning-en');
  });
});

test.describe('root tools: global unblock, network simulator, country rules', () => {
  test('root runs a global unblock: an empty filter is refused, then a dry run, then the run through the queue', async ({ page }) => {
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.root);
    await page.goto('/tools?tab=global-unblock');
    const tab = page.getByTestId('global-unblock');
    await expect(tab).toContainText('Financial blocks are never lifted here');
    await expect(tab.getByTestId('gu-run')).toBeDisabled();

    await tab.getByTestId('gu-dry-run').click();
    await expect(tab.getByTestId('gu-error')).toContainText('never unblocks every SIM card of every company');
    await expect(tab.getByTestId('gu-run')).toBeDisabled();

    // One SIM (demo SIM 47 has a violation block), so the shared e2e server keeps its other blocks.
    await tab.getByTestId('gu-query').fill('Tracker 0048');
    await tab.getByTestId('gu-types').click();
    await page.locator('.p-multiselect-panel').getByRole('option', { name: 'Violation' }).click();
    await page.keyboard.press('Escape');
    await tab.getByTestId('gu-dry-run').click();
    const preview = tab.getByTestId('gu-preview');
    await expect(preview).toContainText('SIMs to unblock: 1, companies: 1');
    const total = Number(await preview.getAttribute('data-total'));
    expect(total).toBe(1);
    await shoot(page, 'simrules-global-unblock-en');

    await tab.getByTestId('gu-run').click();
    const confirm = page.locator('.p-confirm-dialog');
    await expect(confirm).toContainText(`SIMs to be unblocked: ${total}, companies: 1.`);
    const run = page.waitForResponse((r) => r.url().includes('/api/tools/global_unblock/run'));
    await confirm.getByRole('button', { name: 'Run global unblock' }).click();
    const answer = (await (await run).json()) as { result: { qid: number; count: number } };
    expect(answer.result.count).toBe(total);
    await expect(tab.getByTestId('gu-started')).toContainText(`Operation #${answer.result.qid}`);
    await waitForQueueIdle(page.request, session.token, 60_000);
    const sim = (await listSims(page.request, session.token, { size: 1, filter: { query: 'Tracker 0048' } })).items[0];
    expect(sim?.block_type).toBe('none');
    await tab.getByTestId('gu-dry-run').click();
    await expect(preview).toHaveAttribute('data-total', '0');
  });

  test('network simulator settings and country rules tabs (screenshots ru/en)', async ({ page }) => {
    for (const lang of ['en', 'ru'] as const) {
      await startInLang(page, lang);
      await loginViaApi(page, USERS.root);
      await page.goto('/tools?tab=network');
      await page.evaluate((value) => window.localStorage.setItem('lang', value), lang);
      await page.reload();
      await expect(page.getByTestId('network-simulator').getByTestId('netsim-save')).toBeVisible();
      await shoot(page, `simrules-network-${lang}`);
      await page.goto('/tools?tab=country-rules');
      await expect(page.getByTestId('country-rules-table')).toContainText(lang === 'en' ? 'Turkey' : 'Турция');
      await shoot(page, `simrules-country-rules-${lang}`);
      if (lang === 'en') {
        await page.goto('/tools?tab=global-unblock');
        await page.evaluate(() => window.localStorage.setItem('lang', 'ru'));
        await page.reload();
        await expect(page.getByTestId('global-unblock')).toContainText('Финансовые блокировки здесь не снимаются');
        await shoot(page, 'simrules-global-unblock-ru');
      }
    }
    // A saved change is what the next load shows.
    await page.goto('/tools?tab=network');
    const activity = page.getByLabel('Активность, SIM в минуту');
    await activity.fill('0');
    const saved = page.waitForResponse((r) => r.url().includes('/api/tools/network/update'));
    await page.getByTestId('netsim-save').click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('network-simulator')).toContainText('Изменено');
  });
});
