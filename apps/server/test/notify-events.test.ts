import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { createMailer } from '../src/delivery/mail.js';
import { startNotifyDelivery } from '../src/modules/platform/notify-methods/jobs.js';
import { insertMethod } from '../src/modules/platform/notify-methods/repository.js';
import * as items from '../src/modules/platform/queue/item-repository.js';
import { announceCompletion } from '../src/modules/platform/queue/progress.js';
import { applyNetworkEvents } from '../src/modules/sims/usage/service.js';
import { createCompany, createSims } from './network/support.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/*
 * Company events (ARCHITECTURE §7) reach the company's notification methods once per event and
 * method, under the flag of their category, however many users were told.
 */

interface Hit {
  path: string;
  event: { event_key: string; type?: string; category: string; text: string; company_id: number };
}

let t: TestApp;
let server: Server;
let baseUrl = '';
const hits: Hit[] = [];
let rootToken = '';
let company = 0;
let admins: number[] = [];
let stopWorker: () => Promise<void>;

async function receiver(): Promise<void> {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({ path: request.url ?? '', event: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Hit['event'] });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  await receiver();
  // The receiver listens on loopback, which the outbound guard refuses unless allow-listed.
  t = await createTestApp({
    env: { BILL_MIN_AMOUNT_EUR: '30', NOTIFY_RETRY_LIMIT: '0', NOTIFY_TIMEOUT_MS: '3000', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
  });
  rootToken = (await login(t.app, 'root@demo.local')).token;
  const db = t.database.db;
  company = await createCompany(db, 'Events Co');
  const rows = await db
    .insert(users)
    .values(
      ['ru', 'en', 'ru'].map((lang, n) => ({
        companyId: company,
        email: `admin${n}@events.test`,
        passwordHash: 'x',
        firstName: 'Admin',
        lastName: String(n),
        role: 'admin',
        lang,
      })),
    )
    .returning({ id: users.id });
  admins = rows.map((r) => r.id);
  const off = { flagSim: false, flagBilling: false, flagNotify: false, type: 1, secret: 'events-secret' };
  await insertMethod(db, company, { ...off, destination: `${baseUrl}/billing`, flagBilling: true });
  await insertMethod(db, company, { ...off, destination: `${baseUrl}/sim`, flagSim: true });
  await insertMethod(db, company, { ...off, destination: `${baseUrl}/notify`, flagNotify: true });
  stopWorker = await startNotifyDelivery(t.jobs, {
    db,
    config: t.config,
    mailer: createMailer({ smtpUrl: t.config.SMTP_URL, db, log: { warn: () => undefined } }),
    retry: { retryLimit: 0, retryDelaySeconds: 1 },
    log: () => undefined,
  });
}, 30_000);
afterAll(async () => {
  await stopWorker();
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// Notifications only: a SIM method's webhook also gets the event log's `sim.event` batches (issue 25.2),
// tested in sim-events.test.ts.
const hitsAt = (path: string) => hits.filter((h) => h.path === path && h.event.type !== 'sim.event');
const untilHits = (path: string, n: number) => waitFor(() => hitsAt(path).length >= n, 15_000, `${n} deliveries to ${path}`);
/** Long enough for a duplicate delivery to have arrived if there were one (the worker polls every 0.5 s). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2500));

async function rowsOfEvent(eventKey: string) {
  return queryRows<{ user_id: number; category: string }>(
    t.database.db,
    sql`select user_id::int as user_id, category from notifications where company_id = ${company} and event_key = ${eventKey} order by user_id`,
  );
}

describe('company events and notification methods', () => {
  it('a bill told to 3 admins reaches the billing method once per event (issued, then paid)', async () => {
    const created = await post(t.app, '/api/bills/create', { amount_eur: 50, company_id: company }, { token: rootToken });
    expect(created.statusCode, created.body).toBe(200);
    const bill = created.json<{ result: { id: number; number: string } }>().result;
    const paid = await post(t.app, '/api/bills/mark_paid', { id: bill.id }, { token: rootToken });
    expect(paid.statusCode, paid.body).toBe(200);
    await untilHits('/billing', 2);
    await settle();

    const billing = hitsAt('/billing');
    expect(billing).toHaveLength(2);
    expect(billing.map((h) => h.event.category)).toEqual(['billing', 'billing']);
    expect(billing.map((h) => h.event.text)).toEqual([
      expect.stringContaining(`${bill.number}`),
      expect.stringMatching(new RegExp(`${bill.number} (оплачен|is paid)`)),
    ]);
    const [issuedKey, paidKey] = billing.map((h) => h.event.event_key);
    expect(issuedKey).not.toBe(paidKey);
    // Each admin has their own row of the paid event, in their language; the method heard it once.
    const paidRows = await rowsOfEvent(paidKey ?? '');
    expect(paidRows.map((r) => r.user_id)).toEqual(admins);
    expect(paidRows.every((r) => r.category === 'billing')).toBe(true);
    const logged = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notify_deliveries where company_id = ${company} and event_key = ${paidKey}`,
    );
    expect(logged[0]?.n).toBe(1);
    expect(hitsAt('/sim')).toEqual([]);
    expect(hitsAt('/notify')).toEqual([]);
  }, 30_000);

  it('an MSU block is delivered once to the sim method and not to the billing-only method', async () => {
    const [sim] = await createSims(t.database.db, company, { count: 1, serialBase: 770_000, msuCents: 100, monthSpendCents: 150 });
    if (!sim) throw new Error('no sim');
    const before = hitsAt('/billing').length;
    const applied = await applyNetworkEvents(t.database.db, t.bus, [
      { type: 'msu_block', companyId: company, simId: sim.simId, at: new Date(), spendCents: 150, msuCents: 100 },
    ]);
    expect(applied.blocked).toHaveLength(1);
    expect(applied.notifications).toBe(3);
    await untilHits('/sim', 1);
    await settle();
    expect(hitsAt('/sim')).toHaveLength(1);
    expect(hitsAt('/sim')[0]?.event).toMatchObject({ category: 'sim', company_id: company });
    expect(hitsAt('/sim')[0]?.event.text).toContain(sim.iccid);
    expect(await rowsOfEvent(hitsAt('/sim')[0]?.event.event_key ?? '')).toHaveLength(3);
    expect(hitsAt('/billing')).toHaveLength(before);
  }, 30_000);

  it('queue done is delivered: SIM operations under the sim flag, a generated report under notify', async () => {
    const deps = { db: t.database.db, bus: t.bus };
    const ping = await items.insertItem(t.database.db, { companyId: company, userId: admins[1] ?? 0, reason: 'queue_ping', params: {} });
    await announceCompletion(deps, { companyId: company, queueId: ping });
    const report = await items.insertItem(t.database.db, {
      companyId: company,
      userId: admins[0] ?? 0,
      reason: 'queue_report_generate',
      params: {},
    });
    await announceCompletion(deps, { companyId: company, queueId: report });
    await untilHits('/sim', 2);
    await untilHits('/notify', 1);
    await settle();
    expect(hitsAt('/sim')).toHaveLength(2);
    expect(hitsAt('/sim')[1]?.event.category).toBe('sim');
    expect(hitsAt('/sim')[1]?.event.text).toMatch(/Ping|Пинг/);
    expect(hitsAt('/notify')).toHaveLength(1);
    expect(hitsAt('/notify')[0]?.event.category).toBe('notify');
  }, 30_000);

  it('a financial block by the billing engine is a sim event that says the balance is why', async () => {
    const before = hitsAt('/sim').length;
    const block = await items.insertItem(t.database.db, {
      companyId: company,
      userId: admins[1] ?? 0,
      reason: 'queue_block',
      params: { blockType: 'financial' },
    });
    await announceCompletion({ db: t.database.db, bus: t.bus }, { companyId: company, queueId: block });
    await untilHits('/sim', before + 1);
    expect(hitsAt('/sim')[before]?.event).toMatchObject({
      category: 'sim',
      text: 'SIM cards blocked: the balance is exhausted. 0 blocked, 0 failed',
    });
  }, 30_000);

  it("news is told to every user and reaches each company's notify method once", async () => {
    const before = hitsAt('/notify').length;
    const res = await post(t.app, '/api/news/create', { title_ru: 'Тарифы на 2031', text_ru: '<p>Новые цены</p>', title_en: 'Tariffs for 2031', text_en: '<p>New prices</p>' }, { token: rootToken });
    expect(res.statusCode, res.body).toBe(200);
    await untilHits('/notify', before + 1);
    await settle();
    const told = hitsAt('/notify').slice(before);
    expect(told).toHaveLength(1);
    // The first admin reads Russian: the method gets the event's first row.
    expect(told[0]?.event).toMatchObject({ category: 'notify', company_id: company, text: 'Новость: Тарифы на 2031' });
    expect((await rowsOfEvent(told[0]?.event.event_key ?? '')).map((r) => r.user_id)).toEqual(admins);
    const texts = await queryRows<{ text: string }>(
      t.database.db,
      sql`select text from notifications where user_id = ${admins[1] ?? 0} order by id desc limit 1`,
    );
    expect(texts[0]?.text).toBe('News: Tariffs for 2031');
    const demoUsers = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notifications n join users u on u.id = n.user_id
          where u.email = 'viewer@demo.local' and n.text = 'Новость: Тарифы на 2031'`,
    );
    expect(demoUsers[0]?.n).toBe(1);
  }, 30_000);
});
