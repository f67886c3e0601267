import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { creditReward, makeAgent, rewardBalance } from './support/agents.js';
import { DEMO_COMPANY, companyIdByName } from './support/db.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/*
 * Actions a user can double-click or a client can resend, each sent ten times at once: exactly one
 * takes effect. Creations are told apart from deliberate repeats by the `Idempotency-Key` header;
 * actions on one object (pay, mark paid) are once by their own state.
 */
let t: TestApp;
let admin: string;
let root: string;
let demo: number;

type Answer = Awaited<ReturnType<typeof post>>;

const tenTimes = (send: () => Promise<Answer>) => Promise.all(Array.from({ length: 10 }, send));

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const rows = await queryRows<{ n: number }>(t.database.db, query);
  return Number(rows[0]?.n ?? 0);
}

/** One answer acted; the rest were told the same call is running (409) or got its answer again. */
function expectOneActed(answers: Answer[]): string {
  const fresh = answers.filter((a) => a.statusCode === 200 && a.headers['idempotent-replayed'] === undefined);
  expect(fresh, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toHaveLength(1);
  const body = fresh[0]?.body ?? '';
  for (const other of answers.filter((a) => a !== fresh[0])) {
    if (other.statusCode === 409) {
      expect(other.json()).toMatchObject({ code: 'idempotency_key_in_use' });
      expect(other.headers['retry-after']).toBe('1');
    } else {
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(body);
    }
  }
  return body;
}

beforeAll(async () => {
  t = await createTestApp({ env: { BILL_MIN_AMOUNT_EUR: '1', AGENT_WITHDRAWAL_MIN_EUR: '20' } });
  demo = await companyIdByName(t.database.db, DEMO_COMPANY);
  admin = (await login(t.app, 'admin@demo.local')).token;
  root = (await login(t.app, 'root@demo.local')).token;
}, 60_000);
afterAll(async () => t.close());

describe('Idempotency-Key', () => {
  const order = { company_id: 0, count: 50, contact: 'Anna', address: 'Moscow' };

  it('ten parallel orders with one key create one order and one bill; a later repeat gets the same answer', async () => {
    order.company_id = demo;
    const orders = () => count(sql`select count(*)::int as n from orders where company_id = ${demo}`);
    const bills = () => count(sql`select count(*)::int as n from bills where company_id = ${demo}`);
    const [ordersBefore, billsBefore] = [await orders(), await bills()];
    const headers = { 'idempotency-key': 'order-7f3a-0001' };
    const body = expectOneActed(await tenTimes(() => post(t.app, '/api/orders/create', order, { token: admin, headers })));
    expect(await orders()).toBe(ordersBefore + 1);
    expect(await bills()).toBe(billsBefore + 1);

    const repeat = await post(t.app, '/api/orders/create', order, { token: admin, headers });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body).toBe(body);
    expect(await orders()).toBe(ordersBefore + 1);
    // Without a key, or with another, a second order is a second order.
    const other = await post(t.app, '/api/orders/create', order, { token: admin, headers: { 'idempotency-key': 'order-7f3a-0002' } });
    expect(other.statusCode).toBe(200);
    expect(await orders()).toBe(ordersBefore + 2);
  });

  it('refuses the same key with another body (422) and a key that is not printable ASCII (400), changing nothing', async () => {
    const before = await count(sql`select count(*)::int as n from orders where company_id = ${demo}`);
    const reused = await post(t.app, '/api/orders/create', { ...order, count: 100 }, { token: admin, headers: { 'idempotency-key': 'order-7f3a-0001' } });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    const ru = await post(t.app, '/api/orders/create', { ...order, count: 100 }, { token: admin, lang: 'ru', headers: { 'idempotency-key': 'order-7f3a-0001' } });
    expect(ru.json<{ message: string }>().message).toMatch(/Ключ идемпотентности/);
    const bad = await post(t.app, '/api/orders/create', order, { token: admin, headers: { 'idempotency-key': 'x'.repeat(256) } });
    expect(bad.statusCode).toBe(400);
    expect(await count(sql`select count(*)::int as n from orders where company_id = ${demo}`)).toBe(before);
  });

  it("keys are the caller's own: another user's same key acts for that user", async () => {
    const manager = (await login(t.app, 'manager@demo.local')).token;
    const group = (name: string, token: string) =>
      post(t.app, '/api/groups/create', { name }, { token, headers: { 'idempotency-key': 'shared-key-1' } });
    expect((await group('Idem A', admin)).statusCode).toBe(200);
    const second = await group('Idem B', manager);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await count(sql`select count(*)::int as n from sim_groups where name in ('Idem A', 'Idem B')`)).toBe(2);
  });

  it('ten parallel withdrawal requests with one key hold the amount once', async () => {
    const agent = await makeAgent(t, 'idem');
    await creditReward(t, root, agent.companyId, 10_000);
    const held = () => count(sql`select count(*)::int as n from withdrawal_requests where company_id = ${agent.companyId}`);
    const headers = { 'idempotency-key': 'withdraw-1' };
    expectOneActed(
      await tenTimes(() => post(t.app, '/api/agent/requests/create', { amount: '25', method: 'other', details: 'cash' }, { token: agent.token, headers })),
    );
    expect(await held()).toBe(1);
    expect(await rewardBalance(t, agent.companyId)).toBe(10_000 - 2_500);
  });

  it('ten parallel bulk operations and report generations with one key start one each', async () => {
    const items = (reason: string) => count(sql`select count(*)::int as n from queue_items where company_id = ${demo} and reason = ${reason}`);
    const pings = await items('queue_ping');
    const ids = (await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from sims where company_id = ${demo} order by id limit 5`)).map((r) => r.id);
    expectOneActed(
      await tenTimes(() =>
        post(t.app, '/api/queue/create', { reason: 'queue_ping', selection: { ids } }, { token: admin, headers: { 'idempotency-key': 'ping-1' } }),
      ),
    );
    expect(await items('queue_ping')).toBe(pings + 1);

    const reports = await items('queue_report_generate');
    const request = { filter: { company: [demo] }, from: '2026-11-01', to: '2026-11-27' };
    expectOneActed(
      await tenTimes(() =>
        post(t.app, '/api/generated_reports/create', { kind: 'sessions', format: 'csv', request }, { token: admin, headers: { 'idempotency-key': 'report-1' } }),
      ),
    );
    expect(await items('queue_report_generate')).toBe(reports + 1);
  });
});

describe('actions on one object are once by its state', () => {
  it('ten parallel payments of one bill from the balance pay it once', async () => {
    await t.database.db.execute(sql`update companies set balance_cents = balance_cents + 100000 where id = ${demo}`);
    const created = await post(t.app, '/api/orders/create', { company_id: demo, count: 50, contact: 'Anna', address: 'Moscow' }, { token: admin });
    const billId = created.json<{ result: { bill_id: number } }>().result.bill_id;
    const ledger = () => count(sql`select count(*)::int as n from ledger_entries where company_id = ${demo}`);
    const before = await ledger();
    const answers = await tenTimes(() => post(t.app, '/api/bills/pay_from_balance', { id: billId }, { token: admin }));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(await ledger()).toBe(before + 1);
  });

  it('ten parallel "mark paid" of one bill mark it once', async () => {
    const created = await post(t.app, '/api/bills/create', { amount_eur: 10 }, { token: admin });
    expect(created.statusCode, created.body).toBe(200);
    const billId = created.json<{ result: { id: number } }>().result.id;
    const ledger = () => count(sql`select count(*)::int as n from ledger_entries where company_id = ${demo}`);
    const before = await ledger();
    const answers = await tenTimes(() => post(t.app, '/api/bills/mark_paid', { id: billId }, { token: root }));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await ledger()).toBe(before + 1);
  });
});
