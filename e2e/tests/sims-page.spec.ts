import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { saveScreenshot } from '../support/screens.js';
import { listSims } from '../support/sims.js';
import { startInLang, toasts } from '../support/ui.js';

test.describe('SIM page /sim/:id (spec §3)', () => {
  test('rename and MSU edit save with a toast; the page shows the new values', async ({ page }) => {
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.admin);
    const sim = (await listSims(page.request, session.token, { size: 1, filter: { query: 'Tracker 04' } })).items[0];
    if (!sim) throw new Error('no SIM to rename');

    await page.goto(`/sim/${sim.id}`);
    const view = page.getByTestId('sim-page');
    await expect(view).toHaveAttribute('data-sim-id', String(sim.id));
    await expect(page.getByTestId('page-title')).toContainText(sim.iccid);
    await expect(page.getByTestId('sim-field-name')).toContainText(sim.name ?? 'No name');
    // NETWORK_FAILURE_RATE=0 in the e2e server: the network card always has an answer.
    await expect(page.getByTestId('sim-network')).toBeVisible();
    await expect(page.getByTestId('sim-online')).toBeVisible();
    await expect(page.getByTestId('sim-network-error')).toHaveCount(0);
    await expect(page.getByTestId('sim-save')).toBeDisabled();
    await saveScreenshot(page, 'sim-page');

    const name = `E2E renamed ${Date.now().toString(36)}`;
    await page.getByTestId('sim-rename').fill(name);
    await expect(page.getByTestId('sim-save')).toBeEnabled();
    const saved = page.waitForRequest((r) => r.url().includes('/api/sims/update'));
    await page.getByTestId('sim-save').click();
    expect((await saved).postDataJSON()).toMatchObject({ id: sim.id, name });
    await expect(toasts(page, 'top-right').filter({ hasText: 'SIM card saved' })).toBeVisible();
    await expect(page.getByTestId('sim-field-name')).toContainText(name);
    await expect(page.getByTestId('sim-rename')).toHaveValue(name);
    await expect(page.getByTestId('sim-save')).toBeDisabled();

    // MSU: a bad value is answered as you type, Save stays off; a decimal comma is accepted.
    const msu = page.getByTestId('sim-msu');
    await msu.fill('12abc');
    await expect(page.getByTestId('sim-save')).toBeDisabled();
    await expect(page.getByTestId('sim-edit').getByRole('alert')).toHaveText(
      'Enter an amount in EUR, e.g. 15 or 15.50',
    );
    await msu.fill('12,50');
    const msuSaved = page.waitForRequest((r) => r.url().includes('/api/sims/update'));
    await page.getByTestId('sim-save').click();
    expect((await msuSaved).postDataJSON()).toMatchObject({ id: sim.id, msu: 12.5 });
    await expect(page.getByTestId('sim-field-msu')).toContainText('12.50');
    await expect(page.getByTestId('sim-edit').getByRole('alert')).toHaveCount(0);

    // Saved on the server: a reload shows both, and the list finds the new name.
    await page.reload();
    await expect(page.getByTestId('sim-field-name')).toContainText(name);
    await expect(page.getByTestId('sim-msu')).toHaveValue('12.5');
    const found = await listSims(page.request, session.token, { filter: { query: name } });
    expect(found.items.map((row) => row.id)).toEqual([sim.id]);
  });

  test('an unknown id shows the not-found view, not a toast', async ({ page }) => {
    await startInLang(page, 'en');
    await loginViaApi(page, USERS.admin);
    await page.goto('/sim/999999');
    const view = page.getByTestId('sim-not-found');
    await expect(view).toBeVisible();
    await expect(view).toContainText('SIM card not found');
    await expect(view.getByRole('link', { name: 'Back to the SIM list' })).toHaveAttribute('href', '/list');
    await expect(toasts(page, 'top-right')).toHaveCount(0);
    await page.goto('/sim/abc');
    await expect(page.getByTestId('sim-not-found')).toBeVisible();
  });

  for (const lang of ['en', 'ru'] as const) {
    test(`a failed load shows the spec's text once, with retry, and no toast (${lang})`, async ({ page }) => {
      await startInLang(page, lang);
      const session = await loginViaApi(page, USERS.admin);
      const sim = (await listSims(page.request, session.token, { size: 1 })).items[0];
      if (!sim) throw new Error('no SIM');
      let failing = true;
      await page.route('**/api/sims/get*', (route) =>
        failing
          ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal', code: 'internal' }) })
          : route.continue(),
      );
      await page.goto(`/sim/${sim.id}`);
      const text =
        lang === 'en'
          ? 'There was a problem loading the latest SIM card information. Try later'
          : 'Возникла проблема с загрузкой актуальной информации о SIM-карте. Попробуйте позже';
      await expect(page.getByText(text)).toHaveCount(1);
      await expect(page.locator('.p-toast-message')).toHaveCount(0);
      failing = false;
      await page.getByTestId('sim-page').getByRole('button').click();
      await expect(page.getByTestId('sim-page')).toHaveAttribute('data-sim-id', String(sim.id));
      await expect(page.getByText(text)).toHaveCount(0);
    });
  }

  test('a viewer sees the SIM without the edit form and with Operations disabled', async ({ page }) => {
    await startInLang(page, 'en');
    const session = await loginViaApi(page, USERS.viewer);
    const sim = (await listSims(page.request, session.token, { size: 1 })).items[0];
    if (!sim) throw new Error('no SIM');
    await page.goto(`/sim/${sim.id}`);
    await expect(page.getByTestId('sim-page')).toBeVisible();
    await expect(page.getByTestId('sim-edit')).toHaveCount(0);
    await expect(page.getByTestId('sims-actions')).toBeDisabled();
  });
});
