import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, USERS } from '../support/auth.js';
import { AxeLedger } from '../support/axe.js';
import { DESKTOP, PHONE } from '../support/page-sweep.js';
import { saveScreenshot } from '../support/screens.js';
import { listSims } from '../support/sims.js';
import { startInLang } from '../support/ui.js';

/*
 * Issue 25.1: usage on the SIM page — spend and projection, the period and metric switches, the chart
 * with its table, the latest sessions by operator name — in en and ru, at 1440 and 390 px, with axe.
 */

interface Overview {
  buckets: Array<{ start: number; bytes_up: number; bytes_down: number; sms_in: number; sms_out: number }>;
  sessions: Array<{ key: string; operator: string | null; end: number | null }>;
  month: { spent: number; projected: number };
}

const ledger = new AxeLedger();

async function noSideScroll(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'page width at 390 px').toBeLessThanOrEqual(client ?? 0);
}

test('the SIM page shows usage per period and metric, its table and the latest sessions (en and ru, 1440 and 390 px)', async ({ page }) => {
  // One long flow in two languages and sizes: on a loaded CI machine it takes two to three minutes.
  test.setTimeout(180_000);
  await startInLang(page, 'en');
  const session = await loginViaApi(page, USERS.manager);
  const sims = (await listSims(page.request, session.token, { size: 25 })).items;
  // The API is the truth the page is held to: the first SIM whose 30 days have traffic.
  let chosen: { id: number; overview: Overview } | undefined;
  for (const sim of sims) {
    const response = await page.request.post('/api/sims/usage/overview', { headers: { Authorization: `Bearer ${session.token}` }, data: { id: sim.id, period: '30d' } });
    expect(response.status(), await response.text()).toBe(200);
    const overview = ((await response.json()) as { result: Overview }).result;
    if (overview.sessions.length > 0 && overview.buckets.some((b) => b.bytes_up + b.bytes_down > 0)) {
      chosen = { id: sim.id, overview };
      break;
    }
  }
  if (!chosen) throw new Error('no SIM with sessions and traffic in 30 days in the seeded data');

  await page.setViewportSize(DESKTOP);
  await page.goto(`/sim/${chosen.id}`);
  const usage = page.getByTestId('sim-usage-overview');
  await usage.scrollIntoViewIfNeeded();
  await expect(usage.getByRole('heading', { name: 'Usage' })).toBeVisible();
  await expect(page.getByTestId('sim-usage-projection-hint')).toContainText("At this month's pace");
  await expect(usage.getByRole('img', { name: /Data per period/ })).toBeVisible();
  // 30 days: the table under the chart pages through 30 rows, newest first.
  const table = page.getByTestId('sim-usage-table');
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await expect(table.locator('.p-paginator')).toBeVisible();
  const sessions = page.getByTestId('sim-sessions').locator('tbody tr');
  await expect(sessions).toHaveCount(chosen.overview.sessions.length);
  const named = chosen.overview.sessions.find((s) => s.operator !== null);
  if (named?.operator) await expect(page.getByTestId('sim-sessions')).toContainText(named.operator);
  // Never a raw MCC-MNC: no "250-01" anywhere in the sessions or the network card.
  await expect(page.getByTestId('sim-sessions')).not.toContainText(/\b\d{3}-\d{2}\b/);
  await expect(page.getByTestId('sim-network')).not.toContainText(/\b\d{3}-\d{2}\b/);
  await ledger.check(page, 'sim-usage en 1440');
  await saveScreenshot(page, 'sim-usage-en-1440');
  await usage.screenshot({ path: test.info().outputPath('sim-usage-en-1440-section.png') });

  // 48 hours of SMS: the request carries the period, the table shows hours.
  const asked = page.waitForRequest((r) => r.url().includes('/api/sims/usage/overview') && (r.postDataJSON() as { period: string }).period === '48h');
  await page.getByTestId('sim-usage-period').getByText('48 hours').click();
  await asked;
  await page.getByTestId('sim-usage-metric').getByText('SMS').click();
  await expect(table).toContainText('Hour (UTC)');
  await expect(table.locator('tbody tr').first()).toContainText(/\d\d\/\d\d \d\d:00/);
  // Every cell follows the switches: counts of SMS, never bytes left from the data table before.
  await expect(table.locator('tbody')).not.toContainText(/\d\s(B|KB|MB|GB|TB)\b/);
  await expect(usage.getByRole('img', { name: /SMS per period/ })).toBeVisible();
  await ledger.check(page, 'sim-usage en 1440 48h sms');

  // Russian on a phone: cards, no sideways scroll.
  await page.evaluate(() => window.localStorage.setItem('lang', 'ru'));
  await page.setViewportSize(PHONE);
  await page.goto(`/sim/${chosen.id}`);
  const ruUsage = page.getByTestId('sim-usage-overview');
  await ruUsage.scrollIntoViewIfNeeded();
  await expect(ruUsage.getByRole('heading', { name: 'Расход' })).toBeVisible();
  await expect(page.getByTestId('sim-usage-projection-hint')).toContainText('По темпу этого месяца');
  await page.getByTestId('sim-usage-period').getByText('90 дней').click();
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await expect(page.getByTestId('sim-sessions').locator('tbody tr')).toHaveCount(chosen.overview.sessions.length);
  await noSideScroll(page);
  await ledger.check(page, 'sim-usage ru 390');
  await saveScreenshot(page, 'sim-usage-ru-390');
  await ruUsage.screenshot({ path: test.info().outputPath('sim-usage-ru-390-section.png') });
  ledger.expectNoFindings('sim-usage');
});
