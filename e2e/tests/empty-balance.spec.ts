import { expect, test } from '@playwright/test';
import { loginViaApi, sharedSession, USERS } from '../support/auth.js';
import { adjustBalance, balanceCents, companyIdByName, minusToBelowZero } from '../support/deposit.js';
import { saveScreenshot } from '../support/screens.js';
import { columnTexts, listSims, openSimList, waitForQueueIdle } from '../support/sims.js';
import { openShell, startInLang } from '../support/ui.js';

const DEMO = 'Demo Logistics LLC';

test('a prepay company at zero sees the empty-balance dialog, its SIMs get a financial block, and +N lifts it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const admin = await sharedSession(page.request, USERS.admin);
  await waitForQueueIdle(page.request, admin.token);
  const demoId = await companyIdByName(page.request, DEMO);
  const sim = (await listSims(page.request, admin.token, { size: 1, filter: { query: 'Tracker 0002', blocked: 2 } }))
    .items[0];
  if (!sim) throw new Error('no unblocked demo SIM');
  const before = await balanceCents(page.request, demoId);
  expect(before).toBeGreaterThan(0);

  // Root runs the company dry: balance -1.00 EUR; with BILLING_GRACE_HOURS=0 its SIMs are blocked at once.
  expect(await adjustBalance(page.request, demoId, minusToBelowZero(before, 1), 'E2E: empty balance')).toBe(-100);

  await startInLang(page, 'ru');
  await loginViaApi(page, USERS.admin);
  await openShell(page, '/home');
  const dialog = page.getByTestId('empty-balance-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Баланс исчерпан');
  await expect(page.getByTestId('empty-balance-bill')).toHaveText('Перейти к формированию счёта');
  await expect(page.getByTestId('sidebar-balance-amount')).toHaveClass(/text-danger/);
  await expect(page.getByTestId('sidebar-balance-amount')).toHaveText(/^-1,00\s€$/);
  await saveScreenshot(page, 'empty-balance-ru');

  await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your balance is exhausted');
  await saveScreenshot(page, 'empty-balance-en');
  await page.getByTestId('empty-balance-bill').click();
  await expect(page).toHaveURL(/\/docs\?new=1$/);
  await expect(dialog).toBeHidden();
  // Closed for this load, but the balance itself stays red.
  await expect(page.getByTestId('sidebar-balance-amount')).toHaveClass(/text-danger/);

  // The SIM list shows the financial block once the queue item has run.
  await expect(async () => {
    await openSimList(page, `?query=${sim.iccid}`);
    expect(await columnTexts(page, 'block_type')).toEqual(['Financial']);
  }).toPass({ timeout: 90_000, intervals: [1000, 2000] });
  // A full load asks the server again, so the dialog is back; closing clears it, the red balance stays.
  await expect(dialog).toBeVisible();
  await page.getByTestId('empty-balance-close').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('sidebar-balance-amount')).toHaveClass(/text-danger/);
  await saveScreenshot(page, 'empty-balance-sims-financial-en');

  // Root tops the balance back up: exactly the financially blocked SIMs are unblocked through the queue.
  const plus = before + 100;
  await adjustBalance(
    page.request,
    demoId,
    `+${Math.floor(plus / 100)}.${String(plus % 100).padStart(2, '0')}`,
    'E2E: top-up',
  );
  await expect(async () => {
    await openSimList(page, `?query=${sim.iccid}`);
    expect(await columnTexts(page, 'block_type')).toEqual(['Not blocked']);
  }).toPass({ timeout: 90_000, intervals: [1000, 2000] });
  await expect(page.getByTestId('sidebar-balance-amount')).not.toHaveClass(/text-danger/);
  await expect(dialog).toHaveCount(0);
  const other = await listSims(page.request, admin.token, { size: 1, filter: { blocked: 1 } });
  expect(other.total, 'SIMs blocked for other reasons stay blocked').toBeGreaterThan(0);
  await waitForQueueIdle(page.request, admin.token, 90_000);
});

test('empty-balance dialog does not show while the balance is positive', async ({ page }) => {
  await startInLang(page, 'en');
  await loginViaApi(page, USERS.admin);
  await openShell(page, '/home');
  await expect(page.getByTestId('sidebar-balance')).toBeVisible();
  await expect(page.getByTestId('empty-balance-dialog')).toHaveCount(0);
});
