import { AgentInfo, AgentLedgerResult } from '@cab/contract/agents';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOpaqueToken } from '../src/auth/tokens.js';
import { queryRows } from '../src/db/client.js';
import { creditAgentReward } from '../src/modules/commerce/agents/rewards.js';
import { agentLedgerSum, makeAgent, makeReferred, paidTopup, rewardBalance } from './support/agents.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { waitForValue } from './support/wait.js';

let t: TestApp;
let root: string;

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0];
const rewardRows = (agentId: number) =>
  queryRows<{ kind: string; amount_cents: string | number; bill_id: number; idempotency_key: string }>(t.database.db, sql`
    select kind, amount_cents, bill_id::int as bill_id, idempotency_key from ledger_entries
    where company_id = ${agentId} and kind in ('agent_reward', 'agent_reward_reversal') order by id`);

beforeAll(async () => {
  t = await createTestApp({ env: { BILL_MIN_AMOUNT_EUR: '1', AGENT_WITHDRAWAL_MIN_EUR: '1' } });
  root = (await login(t.app, 'root@demo.local')).token;
}, 60_000);
afterAll(async () => t.close());

describe('agent rewards', () => {
  it('a paid top-up bill credits rate × amount (rounded down) once, as its own ledger kind', async () => {
    const agent = await makeAgent(t);
    const company = await makeReferred(t, agent.companyId);
    const bill = await paidTopup(t, root, company.companyId, 123.45);
    const rows = await rewardRows(agent.companyId);
    expect(rows.map((r) => [r.kind, Number(r.amount_cents), r.bill_id, r.idempotency_key])).toEqual([
      ['agent_reward', 1234, bill, `reward:${company.companyId}:${bill}`],
    ]);
    // 10 % of 12,345 cents is 1,234.5: the half cent is not paid.
    expect(await rewardBalance(t, agent.companyId)).toBe(1234);
    // Paying again is refused and rewards nothing.
    expect((await post(t.app, '/api/bills/mark_paid', { id: bill }, { token: root })).statusCode).toBe(409);
    expect(await rewardRows(agent.companyId)).toHaveLength(1);
    // The company's own ledger is untouched by the agent's rows.
    const companyRows = await one<{ n: number }>(sql`select count(*)::int as n from ledger_entries where company_id = ${company.companyId}`);
    expect(companyRows?.n).toBe(1);
  });

  it('order bills (paid from the balance or marked paid) and monthly postpay bills earn too', async () => {
    const agent = await makeAgent(t);
    const prepay = await makeReferred(t, agent.companyId, 100_000);
    const order = await post(t.app, '/api/orders/create', { company_id: prepay.companyId, count: 100, contact: 'Ivan', address: 'Berlin' }, { token: prepay.token });
    expect(order.statusCode, order.body).toBe(200);
    const orderBill = order.json<{ result: { bill_id: number } }>().result.bill_id;
    expect((await post(t.app, '/api/bills/pay_from_balance', { id: orderBill }, { token: prepay.token })).statusCode).toBe(200);
    expect(await rewardBalance(t, agent.companyId)).toBe(1250); // 10 % of 125.00 EUR

    const second = await post(t.app, '/api/orders/create', { company_id: prepay.companyId, count: 50, contact: 'Ivan', address: 'Berlin' }, { token: prepay.token });
    const secondBill = second.json<{ result: { bill_id: number } }>().result.bill_id;
    expect((await post(t.app, '/api/bills/mark_paid', { id: secondBill }, { token: root })).statusCode).toBe(200);
    expect(await rewardBalance(t, agent.companyId)).toBe(1250 + 625);

    const postpay = await makeReferred(t, agent.companyId);
    await t.database.db.execute(sql`update companies set billing_type = 2 where id = ${postpay.companyId}`);
    const monthly = await one<{ id: number }>(sql`
      insert into bills (company_id, number, kind, status, amount_cents, period)
      values (${postpay.companyId}, ${`B-AGENT-M-${postpay.companyId}`}, 'monthly', 'unpaid', 40000, '2026-10') returning id::int as id`);
    expect((await post(t.app, '/api/bills/mark_paid', { id: monthly?.id }, { token: root })).statusCode).toBe(200);
    expect(await rewardBalance(t, agent.companyId)).toBe(1250 + 625 + 4000);
    expect((await rewardRows(agent.companyId)).map((r) => r.kind)).toEqual(['agent_reward', 'agent_reward', 'agent_reward']);
  });

  it('a retried posting (crash after commit, retry) never rewards a bill twice', async () => {
    const agent = await makeAgent(t);
    const company = await makeReferred(t, agent.companyId);
    const billId = await paidTopup(t, root, company.companyId, 50);
    const bill = { company_id: company.companyId, id: billId, number: 'B-RETRY', amount_cents: 5000 };
    const again = await t.database.db.transaction((tx) => creditAgentReward(tx, bill, 1000));
    expect(again).toBeNull();
    expect(await rewardBalance(t, agent.companyId)).toBe(500);
  });

  it('a bill cancelled after payment reverses the reward with a row of its own, once', async () => {
    const agent = await makeAgent(t);
    const company = await makeReferred(t, agent.companyId);
    const bill = await paidTopup(t, root, company.companyId, 200);
    expect(await rewardBalance(t, agent.companyId)).toBe(2000);
    const cancelled = await post(t.app, '/api/bills/cancel', { id: bill }, { token: root });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await rewardBalance(t, agent.companyId)).toBe(0);
    expect((await rewardRows(agent.companyId)).map((r) => [r.kind, Number(r.amount_cents)])).toEqual([
      ['agent_reward', 2000],
      ['agent_reward_reversal', -2000],
    ]);
    // The top-up's credit to the company is undone too, and nothing happens twice.
    const balance = await one<{ b: string | number }>(sql`select balance_cents as b from companies where id = ${company.companyId}`);
    expect(Number(balance?.b)).toBe(0);
    expect((await post(t.app, '/api/bills/cancel', { id: bill }, { token: root })).statusCode).toBe(409);
    expect((await post(t.app, '/api/bills/mark_paid', { id: bill }, { token: root })).statusCode).toBe(409);
    expect(await rewardRows(agent.companyId)).toHaveLength(2);
  });

  it('changing a company\'s agent moves only future rewards; a reversal goes to the agent who was paid', async () => {
    const first = await makeAgent(t, 'first');
    const second = await makeAgent(t, 'second');
    const company = await makeReferred(t, first.companyId);
    const early = await paidTopup(t, root, company.companyId, 100);
    const assign = await post(t.app, '/api/agent/assign', { company_id: company.companyId, agent_company_id: second.companyId }, { token: root });
    expect(assign.statusCode, assign.body).toBe(200);
    const audit = await one<{ details: unknown }>(sql`
      select details from audit_log where company_id = ${company.companyId} and action = 'agent_assign' order by id desc limit 1`);
    expect(audit?.details).toEqual({ from: first.companyId, to: second.companyId });
    await paidTopup(t, root, company.companyId, 300);
    expect(await rewardBalance(t, first.companyId)).toBe(1000);
    expect(await rewardBalance(t, second.companyId)).toBe(3000);
    await post(t.app, '/api/bills/cancel', { id: early }, { token: root });
    expect(await rewardBalance(t, first.companyId)).toBe(0);
    expect(await rewardBalance(t, second.companyId)).toBe(3000);
    // Root clears the agent: no more rewards; a non-agent company cannot be named.
    expect((await post(t.app, '/api/agent/assign', { company_id: company.companyId, agent_company_id: null }, { token: root })).statusCode).toBe(200);
    await paidTopup(t, root, company.companyId, 100);
    expect(await rewardBalance(t, second.companyId)).toBe(3000);
    const bad = await post(t.app, '/api/agent/assign', { company_id: company.companyId, agent_company_id: company.companyId }, { token: root });
    expect(bad.statusCode).toBe(400);
  });

  it('root sets an agent\'s rate (audited); the agent\'s own panel shows it, and only later bills use it', async () => {
    const agent = await makeAgent(t);
    const company = await makeReferred(t, agent.companyId);
    await paidTopup(t, root, company.companyId, 100);
    const set = await post(t.app, '/api/agent/rate', { agent_company_id: agent.companyId, rate: '12.5' }, { token: root });
    expect(set.statusCode, set.body).toBe(200);
    expect(AgentInfo.parse(set.json<{ result: unknown }>().result)).toMatchObject({ rate_bp: 1250, rate_is_default: false });
    await paidTopup(t, root, company.companyId, 100);
    expect(await rewardBalance(t, agent.companyId)).toBe(1000 + 1250);
    expect((await post(t.app, '/api/agent/rate', { agent_company_id: agent.companyId, rate: '51' }, { token: root })).statusCode).toBe(400);
    expect((await post(t.app, '/api/agent/rate', { agent_company_id: agent.companyId, rate: '7' }, { token: agent.token })).statusCode).toBe(403);
    const audit = await one<{ details: unknown }>(sql`
      select details from audit_log where company_id = ${agent.companyId} and action = 'agent_rate' order by id desc limit 1`);
    expect(audit?.details).toEqual({ from_bp: null, to_bp: 1250 });
    const info = await post(t.app, '/api/agent/info', {}, { token: agent.token });
    expect(AgentInfo.parse(info.json<{ result: unknown }>().result)).toMatchObject({ rate_bp: 1250, balance_cents: 2250, earned_cents: 2250, held_cents: 0 });
    const ledger = AgentLedgerResult.parse((await post(t.app, '/api/agent/ledger', { filter: { company: company.companyId } }, { token: agent.token })).json<{ result: unknown }>().result);
    expect(ledger.items.map((i) => i.amount_cents)).toEqual([1250, 1000]);
    expect(ledger.items[0]).toMatchObject({ kind: 'agent_reward', balance_after_cents: 2250 });
  });

  it('a company registered through the agent\'s link is referred by that agent', async () => {
    const agent = await makeAgent(t);
    const info = AgentInfo.parse((await post(t.app, '/api/agent/info', {}, { token: agent.token })).json<{ result: unknown }>().result);
    expect(info.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    const email = `ref-${Date.now()}@agents.example`;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/register/start?lang=en',
      payload: { email, password: 'secret-pass-1', ref: info.referral_code.toLowerCase() },
    });
    expect(started.statusCode, started.body).toBe(200);
    // The route writes the request after its answer (the same answer for any address): wait for it.
    const request = await waitForValue(() => one<{ referral_code: string }>(sql`select referral_code from registration_requests where email = ${email}`));
    expect(request.referral_code).toBe(info.referral_code);
    // The link's token is mailed; here the stored request is confirmed with a known token instead.
    await t.database.db.execute(sql`update registration_requests set token_hash = ${hashOpaqueToken('known-token')} where email = ${email}`);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/register/confirm?lang=en', payload: { token: 'known-token' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const company = await one<{ agent: number }>(sql`
      select c.agent_company_id::int as agent from companies c join users u on u.company_id = c.id where u.email = ${email}`);
    expect(company?.agent).toBe(agent.companyId);
    // A malformed code is refused; an unknown one is ignored.
    const bad = await t.app.inject({ method: 'POST', url: '/api/register/start?lang=en', payload: { email: `x-${email}`, password: 'secret-pass-1', ref: 'bad code!' } });
    expect(bad.statusCode).toBe(400);
  });

  it('randomized run: the reward balance always equals the sum of the agent\'s ledger and never goes below zero through a withdrawal', async () => {
    const agent = await makeAgent(t, 'random');
    const company = await makeReferred(t, agent.companyId);
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const paidBills: number[] = [];
    const open: number[] = [];
    for (let step = 0; step < 60; step++) {
      const roll = random();
      if (roll < 0.35) {
        paidBills.push(await paidTopup(t, root, company.companyId, 1 + Math.floor(random() * 50_000) / 100));
      } else if (roll < 0.6) {
        const amount = (1 + Math.floor(random() * 6000) / 100).toFixed(2);
        const res = await post(t.app, '/api/agent/requests/create', { amount, method: 'other', details: 'cash' }, { token: agent.token });
        expect([200, 422]).toContain(res.statusCode);
        if (res.statusCode === 200) open.push(res.json<{ result: { id: number } }>().result.id);
      } else if (roll < 0.75 && open.length > 0) {
        const id = open.splice(Math.floor(random() * open.length), 1)[0];
        expect((await post(t.app, '/api/agent/requests/transition', { id, action: 'decline', comment: 'no' }, { token: root })).statusCode).toBe(200);
      } else if (roll < 0.85 && open.length > 0) {
        const id = open.splice(Math.floor(random() * open.length), 1)[0];
        await post(t.app, '/api/agent/requests/transition', { id, action: 'take' }, { token: root });
        expect((await post(t.app, '/api/agent/requests/transition', { id, action: 'pay' }, { token: root })).statusCode).toBe(200);
      } else if (paidBills.length > 0) {
        const bill = paidBills.splice(Math.floor(random() * paidBills.length), 1)[0];
        expect((await post(t.app, '/api/bills/cancel', { id: bill }, { token: root })).statusCode).toBe(200);
      }
      expect(await agentLedgerSum(t, agent.companyId)).toBe(await rewardBalance(t, agent.companyId));
    }
    const broken = await queryRows<{ id: number }>(t.database.db, sql`
      select id from (
        select id, balance_after_cents, sum(amount_cents) over (order by id) as running
        from ledger_entries where company_id = ${agent.companyId}) r
      where r.balance_after_cents <> r.running`);
    expect(broken).toEqual([]);
    // Every hold row that succeeded left the balance at or above zero.
    const negativeHold = await queryRows<{ id: number }>(t.database.db, sql`
      select id from ledger_entries where company_id = ${agent.companyId} and kind = 'withdrawal_hold' and balance_after_cents < 0`);
    expect(negativeHold).toEqual([]);
  }, 120_000);
});

