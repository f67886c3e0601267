import { expect, test } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { AxeLedger } from '../support/axe.js';
import { DESKTOP, PHONE } from '../support/page-sweep.js';
import { saveScreenshot } from '../support/screens.js';
import { expectQueued, listSims, openOperation } from '../support/sims.js';
import { startInLang, switchLang } from '../support/ui.js';

/*
 * Issue 25.5: the IMEI lock from a SIM's page. The dialog checks the IMEI as typed (15 digits, the
 * check digit), the lock shows on the network card once the operation ends, and the unlock takes it
 * away — in en at 1440 px and ru at 390 px, with axe on the dialog and the page.
 */

const ledger = new AxeLedger();
const IMEI = '490154203237518';

test('a manager locks a SIM card to an IMEI that blocks, and unlocks it (en 1440, ru 390)', async ({ page }) => {
  test.setTimeout(120_000);
  await startInLang(page, 'en');
  const session = await loginViaApi(page, USERS.manager);
  // The last open SIM: other flows take the first ones.
  const { total } = await listSims(page.request, session.token, { size: 1, filter: { blocked: 2 } });
  const sim = (await listSims(page.request, session.token, { size: 1, page: total - 1, filter: { blocked: 2 } })).items[0];
  if (!sim) throw new Error('the demo company has no open SIM');

  await page.setViewportSize(DESKTOP);
  await page.goto(`/sim/${sim.id}`);
  const lock = page.getByTestId('sim-imei-lock');
  await expect(lock).toContainText('Not locked');

  const dialog = await openOperation(page, 'queue_imei_lock');
  await expect(dialog).toContainText('IMEI lock');
  const field = dialog.getByTestId('op-imei');
  await field.fill(`${IMEI.slice(0, 14)}9`);
  await page.getByTestId('op-confirm').click();
  await expect(dialog).toContainText('The last digit does not match the others: check the IMEI');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(IMEI);
  await dialog.getByText('Also block the SIM card when a session comes from another IMEI').click();
  await ledger.check(page, 'imei-lock en 1440 dialog');
  await saveScreenshot(page, 'imei-lock-en-1440-dialog');
  const created = await expectQueued(page, () => page.getByTestId('op-confirm').click());
  expect(created.count).toBe(1);
  await expect(dialog).toBeHidden();
  await expect(lock).toContainText(`To ${IMEI}; another IMEI blocks the SIM card`, { timeout: 30_000 });
  await ledger.check(page, 'imei-lock en 1440 SIM page');
  await saveScreenshot(page, 'imei-lock-en-1440-sim');

  // Russian on a phone: the lock as the card says it, then the unlock.
  await switchLang(page, 'ru');
  await page.setViewportSize(PHONE);
  await expect(lock).toContainText(`К ${IMEI}; другой IMEI заблокирует SIM-карту`);
  const unlock = await openOperation(page, 'queue_imei_unlock');
  await expect(unlock).toContainText('Снятие привязки к IMEI');
  await ledger.check(page, 'imei-lock ru 390 unlock dialog');
  await saveScreenshot(page, 'imei-lock-ru-390-unlock');
  await expectQueued(page, () => page.getByTestId('op-confirm').click());
  await expect(lock).toContainText('Нет', { timeout: 30_000 });
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'page width at 390 px').toBeLessThanOrEqual(client ?? 0);
  await ledger.check(page, 'imei-lock ru 390 SIM page');
  await saveScreenshot(page, 'imei-lock-ru-390-sim');
  ledger.expectNoFindings('imei-lock');
});
