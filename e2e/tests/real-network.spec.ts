import { rmSync } from 'node:fs';
import { createSocket } from 'node:dgram';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startBuiltServer, type BuiltServer } from '../../bench/support/built-server.js';
import { CtrlClient } from '../../apps/server/src/network/hlr/ctrl-client.js';
import { OsmoHlr } from '../../apps/server/test/support/osmo-hlr.js';
import { hasRadclient, radclient } from '../../apps/server/test/support/radclient.js';
import { startTestSmsc, type TestSmsc } from '../../apps/server/test/support/test-smsc.js';
import { apiLogin, loginViaApi, USERS } from '../support/auth.js';
import { AxeLedger } from '../support/axe.js';
import { e2ePort } from '../support/mail-paths.js';
import { saveScreenshot } from '../support/screens.js';
import { expectQueued, filePayload, listSims, openOperation, openSimList, rowCheckbox } from '../support/sims.js';
import { openShell, startInLang, toasts } from '../support/ui.js';

/*
 * The cabinet in front of a real network (issue 24): a cabinet of its own, started from the build with
 * NETWORK_ADAPTER=osmo-hlr against a real osmo-hlr, RADIUS accounting from the real radclient, and SMS
 * over SMPP to a test SMSC (npm smpp). Its HLR binds 127.0.0.7, so it never meets the server tests'.
 */
const PORT = e2ePort + 50;
const HLR_HOST = '127.0.0.7';
const RADIUS_SECRET = 'e2e-radius-secret';
/** SMS to a number ending in this digit come back UNDELIV from the test SMSC. */
const UNDELIVERED_DIGIT = '7';
const dataDir = `/tmp/sim-cabinet-e2e-network-${PORT}`;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });
test.describe.configure({ mode: 'serial' });

let hlr: OsmoHlr;
let smsc: TestSmsc;
let cabinet: BuiltServer;
let ctrl: CtrlClient;
let radiusPort: number;

interface Envelope<T> {
  result: T;
}

async function call<T>(request: APIRequestContext, path: string, token: string, data: object): Promise<T> {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as Envelope<T>).result;
}

async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** PS and CS flags the HLR holds for the subscriber with this MSISDN. */
async function accessOf(msisdn: string): Promise<{ ps: string; cs: string }> {
  return {
    ps: await ctrl.get(`subscriber.by-msisdn-${msisdn}.ps-enabled`),
    cs: await ctrl.get(`subscriber.by-msisdn-${msisdn}.cs-enabled`),
  };
}

function luhn(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return body + String((10 - (sum % 10)) % 10);
}

async function waitForOperationDone(page: Page, qid: number): Promise<void> {
  await page.goto(`/operations/${qid}`);
  await expect(page.getByTestId('operation-state')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
}

test.beforeAll(async () => {
  // Migrating and seeding a fresh embedded database takes seconds alone, minutes beside the other shards.
  test.setTimeout(360_000);
  hlr = await OsmoHlr.start(HLR_HOST);
  smsc = await startTestSmsc({ systemId: 'cabinet', password: 'e2e-smpp', undeliveredDigit: UNDELIVERED_DIGIT });
  radiusPort = await freeUdpPort();
  rmSync(dataDir, { recursive: true, force: true });
  cabinet = await startBuiltServer(
    {
      DATA_DIR: dataDir,
      DEMO_PASSWORD: 'demo',
      // A week of demo usage, not 90 days: this cabinet starts on PGlite beside three shards.
      DEMO_USAGE_DAYS: '7',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      NETWORK_ADAPTER: 'osmo-hlr',
      HLR_CTRL_ADDR: `${HLR_HOST}:4259`,
      RADIUS_ACCT_ADDR: `127.0.0.1:${radiusPort}`,
      RADIUS_SECRET,
      SMPP_URL: smsc.url,
      QUEUE_PROGRESS_INTERVAL_MS: '200',
      BILLING_CRON: 'off',
    },
    { port: PORT, timeoutMs: 420_000 },
  );
  ctrl = new CtrlClient({ host: HLR_HOST, port: 4259 });
  await ctrl.connect();
});

test.afterAll(async () => {
  await ctrl?.close();
  await cabinet?.stop();
  await smsc?.stop();
  await hlr?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

test('root sees the real network on Tools → Network, imports SIM stock (one bad row reported), and a completed order lands in the HLR', async ({ page }) => {
  // Writing 5,000 SIMs to a real osmo-hlr took longer than 120 s beside the other shards of the test
  // command (3,000 were done).
  test.setTimeout(480_000);
  await startInLang(page, 'en');
  const root = await loginViaApi(page, USERS.root, { fresh: true });
  await openShell(page, '/tools?tab=network');
  const status = page.getByTestId('network-status');
  await expect(status.getByTestId('network-adapter')).toHaveText('osmo-hlr (real HLR)');
  await expect(status.getByTestId('network-hlr-state')).toHaveText('Connected');
  await expect(status.getByTestId('network-links')).toContainText('SMSC (SMPP)');
  await expect(status.getByTestId('network-links')).toContainText('RADIUS accounting');
  // The reconcile on start puts every demo SIM (each has an IMSI and keys in stock) into the HLR.
  await expect(page.getByTestId('network-reconcile-summary')).toContainText('(on start): checked 5,000, created 5,000, corrected 0, failed 0.', { timeout: 240_000 });
  await saveScreenshot(page, 'network-tools-en');
  const axe = new AxeLedger();
  await axe.check(page, 'tools-network');

  await page.goto('/tools?tab=sim-stock');
  const free = Number(await page.getByTestId('stock-free').getAttribute('data-value'));
  const rows = [0, 1, 2].map((n) => `${luhn(`89703990000000000${n}`)},00102990000000${n},88239900000${n},${'A1'.repeat(15)}0${n},,`);
  const bad = `${luhn('897039900000000009').slice(0, -1)}0,001029900000009,882399000009,${'B2'.repeat(16)},,`;
  const file = ['ICCID,IMSI,MSISDN,KI,K,OPC', ...rows, bad].join('\n');
  await page.getByTestId('stock-file').setInputFiles(filePayload('vendor.csv', file));
  await page.getByTestId('stock-check').click();
  const report = page.getByTestId('stock-report');
  await expect(report).toContainText('Wrong ICCID check digit (Luhn)');
  await expect(page.getByTestId('stock-problems').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('stock-problems')).toContainText('5');
  await saveScreenshot(page, 'network-stock-report-en');
  await axe.check(page, 'tools-sim-stock');
  axe.expectNoFindings('tools-');
  await page.getByTestId('stock-import-valid').click();
  await expect(toasts(page, 'top-right').first()).toContainText('3');
  await expect(page.getByTestId('stock-free')).toHaveAttribute('data-value', String(free + 3));

  // An admin's order, paid and completed by root: its SIMs come from stock and the worker provisions them.
  const admin = await apiLogin(page.request, USERS.admin);
  const demo = (await listSims(page.request, admin.token, { size: 50 })).items.find((item) => item.company_name === 'Demo Logistics LLC');
  const order = await call<{ id: number; bill_id: number }>(page.request, '/api/orders/create', admin.token, {
    company_id: demo?.company_id,
    count: 50,
    contact: 'Anna Adminova, +79990001122',
    address: 'Moscow, Tverskaya 1',
  });
  await call(page.request, '/api/bills/mark_paid', root.token, { id: order.bill_id });
  await call(page.request, '/api/orders/status', root.token, { id: order.id, status: 3 });
  const issued = (await listSims(page.request, admin.token, { size: 50, sort: { added: 'desc' } })).items;
  expect(issued).toHaveLength(50);
  // The worker provisions them right after the commit; until then the HLR answers "No such subscriber."
  const inHlr = async (msisdn: string) => ctrl.get(`subscriber.by-msisdn-${msisdn}.msisdn`).then((value) => value.trim(), () => null);
  await expect
    .poll(async () => (await Promise.all(issued.map((sim) => inHlr(sim.msisdn)))).filter((value, at) => value === issued[at]?.msisdn).length, { timeout: 30_000 })
    .toBe(50);
});

async function imsiOf(request: APIRequestContext, token: string, id: number): Promise<string> {
  return (await call<{ imsi: string }>(request, '/api/sims/get', token, { id })).imsi;
}

test('an admin blocks and unblocks a SIM from the list: the HLR follows; a bulk block of 1,000 leaves every one right in the HLR', async ({ page }) => {
  test.setTimeout(240_000);
  await startInLang(page, 'en');
  const admin = await loginViaApi(page, USERS.admin, { fresh: true });
  const [sim] = (await listSims(page.request, admin.token, { size: 1, filter: { blocked: 2, profile: 'BK' } })).items;
  if (!sim) throw new Error('no open SIM');

  for (const [reason, expected] of [
    ['queue_block', { ps: '0', cs: '0' }],
    ['queue_unblock', { ps: '1', cs: '1' }],
  ] as const) {
    await openSimList(page, `?query=${sim.iccid}&blocked=0`);
    await rowCheckbox(page, sim.id).click();
    await expect(page.getByTestId('sims-selection-count')).toHaveAttribute('data-count', '1');
    await openOperation(page, reason);
    const created = await expectQueued(page, () => page.getByTestId('op-confirm').click());
    await waitForOperationDone(page, created.qid);
    expect(await accessOf(sim.msisdn)).toEqual(expected);
  }
  await page.goto(`/sim/${sim.id}`);
  await expect(page.getByTestId('sim-hlr')).toContainText('Not attached');
  await expect(page.getByTestId('sim-hlr-access')).toContainText('data on, voice and SMS on');
  await saveScreenshot(page, 'network-sim-page-hlr-en');

  // 1,000 open SIMs of the demo company (two pages of the list's largest size), blocked at once.
  const pages = await Promise.all([0, 1].map((n) => listSims(page.request, admin.token, { page: n, size: 500, filter: { blocked: 2 } })));
  const open = pages.flatMap((answer) => answer.items);
  expect(open.length).toBe(1000);
  const created = await call<{ qid: number; count: number }>(page.request, '/api/queue/create', admin.token, {
    reason: 'queue_block',
    selection: { ids: open.map((item) => item.id) },
  });
  expect(created.count).toBe(1000);
  await waitForOperationDone(page, created.qid);
  await expect(page.getByTestId('operation-results')).toHaveAttribute('data-total', '1000');
  const wrong: string[] = [];
  for (const item of open) {
    const flags = await accessOf(item.msisdn);
    if (flags.ps !== '0' || flags.cs !== '0') wrong.push(item.msisdn);
  }
  expect(wrong).toEqual([]);
});

test('RADIUS accounting: Start shows the SIM online with its IMEI, Interim twice and Stop count the session once; a wrong secret changes nothing', async ({ page }) => {
  test.skip(!hasRadclient, 'radclient is not installed (apt-get install freeradius-utils)');
  test.setTimeout(180_000);
  await startInLang(page, 'en');
  const admin = await loginViaApi(page, USERS.admin, { fresh: true });
  // Blocked or not, a SIM's data sessions are accounted.
  const [sim] = (await listSims(page.request, admin.token, { size: 1, filter: { blocked: 0, query: 'Tracker 05' } })).items;
  if (!sim) throw new Error('no SIM');
  const imsi = await imsiOf(page.request, admin.token, sim.id);
  const radius = { port: radiusPort };
  const packet = (status: string, extra: Record<string, string | number> = {}) => ({
    'Acct-Status-Type': status,
    'Acct-Session-Id': `e2e-${sim.id}`,
    '3GPP-IMSI': imsi,
    'Calling-Station-Id': sim.msisdn,
    ...extra,
  });

  const stranger = await radclient(radius, 'not-the-secret', packet('Start', { '3GPP-IMEISV': '1111111111111111' }));
  expect(stranger.answered).toBe(false);
  await page.goto(`/sim/${sim.id}`);
  await expect(page.getByTestId('sim-online')).toHaveText('Offline');

  expect((await radclient(radius, RADIUS_SECRET, packet('Start', { '3GPP-IMEISV': '3548990123456701', '3GPP-SGSN-MCC-MNC': '25001', '3GPP-RAT-Type': 6 }))).answered).toBe(true);
  await page.reload();
  await expect(page.getByTestId('sim-online')).toHaveText('Online');
  await expect(page.getByTestId('sim-network')).toContainText('354899012345671');
  // The serving network by name (MCC-MNC 250-01), never by its code.
  await expect(page.getByTestId('sim-network-operator')).toContainText('MTS, Russia');
  await saveScreenshot(page, 'network-sim-online-en');

  const interim = packet('Interim-Update', { 'Acct-Input-Octets': 300_000, 'Acct-Output-Octets': 700_000, 'Acct-Session-Time': 60 });
  expect((await radclient(radius, RADIUS_SECRET, interim)).answered).toBe(true);
  expect((await radclient(radius, RADIUS_SECRET, interim)).answered).toBe(true);
  const stop = packet('Stop', { 'Acct-Input-Octets': 1_234_567, 'Acct-Output-Octets': 2_000_000, 'Acct-Session-Time': 120 });
  expect((await radclient(radius, RADIUS_SECRET, stop)).answered).toBe(true);
  expect((await radclient(radius, RADIUS_SECRET, stop)).answered).toBe(true);

  await page.reload();
  await expect(page.getByTestId('sim-online')).toHaveText('Offline');
  // The Usage section's sessions: the one RADIUS session, finished, with its bytes and the device's IMEI.
  const simSessions = page.getByTestId('sim-sessions');
  await expect(simSessions.locator('tbody tr')).toHaveCount(1);
  await expect(simSessions).toContainText('1.2 MB');
  await expect(simSessions).toContainText('2 MB');
  await expect(simSessions).toContainText('MTS, Russia');
  await expect(simSessions).toContainText('354899012345671');

  // Today's reports (UTC days): the session is seconds old.
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/report/sessions?query=${sim.iccid}&from=${today}&to=${today}`);
  const sessions = page.getByTestId('report-table').locator('tbody tr');
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('250-01');
  await page.goto(`/report/day?query=${sim.iccid}&by_sim=1&from=${today}&to=${today}`);
  await expect(page.getByTestId('report-table').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('report-table')).toContainText('3.2 MB');
});

test('SMS through the SMSC: delivered and failed receipts per SIM on the operation; an incoming message on the SIM page', async ({ page }) => {
  test.setTimeout(180_000);
  await startInLang(page, 'en');
  const admin = await loginViaApi(page, USERS.admin, { fresh: true });
  const open = (await listSims(page.request, admin.token, { size: 500, filter: { blocked: 2 }, sort: { added: 'desc' } })).items;
  const delivered = open.find((sim) => !sim.msisdn.endsWith(UNDELIVERED_DIGIT));
  const failed = open.find((sim) => sim.msisdn.endsWith(UNDELIVERED_DIGIT));
  if (!delivered || !failed) throw new Error('no SIMs for both receipts');

  // Queued as the SMS dialog does (the dialog itself is sims-operations.spec.ts's): Cyrillic, so UCS-2.
  const created = await call<{ qid: number }>(page.request, '/api/queue/create', admin.token, {
    reason: 'queue_sms',
    params: { text: 'Привет, датчик' },
    selection: { ids: [delivered.id, failed.id] },
  });
  await waitForOperationDone(page, created.qid);
  const row = (msisdn: string) => page.getByTestId('operation-results').locator('tr', { hasText: msisdn });
  await expect(row(delivered.msisdn).getByTestId('operation-result-delivery')).toHaveText('Delivered', { timeout: 20_000 });
  await expect(row(failed.msisdn).getByTestId('operation-result-delivery')).toHaveText('Not delivered', { timeout: 20_000 });
  expect(smsc.submitted.find((sms) => sms.destination === delivered.msisdn)).toMatchObject({ dataCoding: 8, text: 'Привет, датчик' });
  await saveScreenshot(page, 'network-sms-receipts-en');

  expect(await smsc.sendMo(delivered.msisdn, '4930123456', 'Door opened')).toBe(0);
  await page.goto(`/sim/${delivered.id}`);
  await expect(page.getByTestId('sim-messages').getByTestId('sim-message-text').filter({ hasText: 'Door opened' })).toBeVisible();
  await expect(page.getByTestId('sim-messages')).toContainText('Received');
});

test('diagnostics explains an open SIM whose data the HLR cut, and "reset connectivity" brings it back (ru and en)', async ({ page }) => {
  test.setTimeout(180_000);
  await startInLang(page, 'ru');
  const admin = await loginViaApi(page, USERS.admin, { fresh: true });
  // One of the SIMs the order of the first flow brought: open, in the HLR.
  const [sim] = (await listSims(page.request, admin.token, { size: 1, filter: { blocked: 2 }, sort: { added: 'desc' } })).items;
  if (!sim) throw new Error('no open SIM');
  await ctrl.set(`subscriber.by-msisdn-${sim.msisdn}.ps-enabled`, '0');

  await page.goto(`/sim/${sim.id}`);
  const panel = page.getByTestId('sim-diagnostics');
  await panel.getByTestId('sim-diagnostics-run').click();
  await expect(panel.getByTestId('sim-check-hlr_access')).toHaveAttribute('data-verdict', 'problem');
  await expect(panel.getByTestId('sim-check-hlr_access')).toContainText('В HLR у неё данные: выкл., голос и SMS: вкл., хотя она не заблокирована.');
  await expect(panel.getByTestId('sim-check-block')).toHaveAttribute('data-verdict', 'ok');
  await saveScreenshot(page, 'network-sim-diagnostics-ru');

  await panel.getByTestId('sim-reset-connectivity').click();
  const confirm = page.locator('.p-confirm-dialog');
  await expect(confirm).toContainText('Сбросить подключение?');
  const created = await expectQueued(page, () => confirm.locator('.p-confirm-dialog-accept').click());
  await expect.poll(() => ctrl.get(`subscriber.by-msisdn-${sim.msisdn}.ps-enabled`), { timeout: 30_000 }).toBe('1');
  await waitForOperationDone(page, created.qid);

  await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
  await page.goto(`/sim/${sim.id}`);
  await page.getByTestId('sim-diagnostics-run').click();
  await expect(page.getByTestId('sim-check-hlr_access')).toHaveAttribute('data-verdict', 'ok');
  await expect(page.getByTestId('sim-check-hlr_access')).toContainText('The HLR gives it data on, voice and SMS on.');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'network-sim-diagnostics-en-phone');
  // Read once right after the resize it overflowed now and then (transient: the failure screenshot shows nothing wide).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { timeout: 10_000 }).toBe(true);
});
