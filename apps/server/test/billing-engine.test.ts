import { SIM_MONTHLY_FEE_CENTS } from '@cab/contract/deposit';
import { DepositListResult } from '@cab/contract/deposit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/client.js';
import {
  dailySimFeeCents,
  runBillingCycle,
  runDailyBilling,
  runMonthlyBilling,
  type BillingDeps,
} from '../src/modules/commerce/billing/engine.js';
import { reconcileFinancialBlocks } from '../src/modules/commerce/billing/financial.js';
import { postLedgerEntry } from '../src/modules/commerce/ledger/repository.js';
import { runQueueItem, type QueueRunnerDeps } from '../src/modules/platform/queue/runner.js';
import { NetworkSimulator } from '../src/network/simulator.js';
import { makeIccid } from '../src/seed/iccid.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let deps: BillingDeps;
let runner: QueueRunnerDeps;
const DAY = '2026-11-19';

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0];
const companyId = async (name: string) =>
  (await one<{ id: number }>(sql`select id::int as id from companies where name = ${name}`))?.id ?? 0;
const balance = async (id: number) =>
  Number((await one<{ b: string | number }>(sql`select balance_cents as b from companies where id = ${id}`))?.b);
const ledgerCount = async (id: number) =>
  (await one<{ n: number }>(sql`select count(*)::int as n from ledger_entries where company_id = ${id}`))?.n ?? 0;
const blockTypes = async (id: number) =>
  (
    await queryRows<{ block_type: string; n: number }>(
      t.database.db,
      sql`
    select block_type, count(*)::int as n from sims where company_id = ${id} group by block_type order by block_type`,
    )
  ).map((r) => [r.block_type, r.n]);

let simSerial = 900_000;
/** A company of its own with an admin, SIMs of the given block types and an opening balance. */
async function makeCompany(
  name: string,
  billingType: 1 | 2,
  blocks: string[],
  openingCents: number,
): Promise<{ id: number; adminId: number }> {
  const company = await one<{ id: number }>(sql`
    insert into companies (name, billing_type, contract) values (${name}, ${billingType}, ${`C-${name}`}) returning id::int as id`);
  const id = company?.id ?? 0;
  const admin = await one<{ id: number }>(sql`
    insert into users (company_id, email, password_hash, first_name, last_name, role, lang)
    values (${id}, ${`${name.toLowerCase().replace(/\W/g, '')}@test.local`}, 'x', 'Ada', ${name}, 'admin', 'en') returning id::int as id`);
  for (const blockType of blocks) {
    simSerial += 1;
    await t.database.db.execute(sql`
      insert into sims (company_id, iccid, msisdn, profile, block_type)
      values (${id}, ${makeIccid(simSerial)}, ${`7900${simSerial}`}, 'BK', ${blockType})`);
  }
  if (openingCents !== 0)
    await t.database.db.transaction((tx) =>
      postLedgerEntry(tx, { companyId: id, kind: 'adjustment', amountCents: openingCents, reason: 'opening' }),
    );
  return { id, adminId: admin?.id ?? 0 };
}

async function addUsage(companyId: number, at: string, costCents: number): Promise<void> {
  await t.database.db.execute(sql`
    insert into sim_usage (company_id, sim_id, kind, started_at, bytes, cost_cents)
    select ${companyId}, id, 'data', ${at}::timestamptz, 1000, ${costCents} from sims where company_id = ${companyId} order by id limit 1`);
}

async function runFinancialItems(id: number, reason: string): Promise<number[]> {
  const rows = await queryRows<{ id: number; user_id: number; params: unknown }>(
    t.database.db,
    sql`
    select id::int as id, user_id::int as user_id, params from queue_items where company_id = ${id} and reason = ${reason} and state = 'running'`,
  );
  for (const row of rows) {
    expect(row.params).toEqual({ blockType: 'financial' });
    await runQueueItem(runner, { companyId: id, queueId: row.id });
  }
  return rows.map((r) => r.user_id);
}

beforeAll(async () => {
  t = await createTestApp({ env: { BILLING_GRACE_HOURS: '0' } });
  deps = { db: t.database.db, bus: t.bus, jobs: t.jobs, graceHours: 0 };
  runner = {
    db: t.database.db,
    network: new NetworkSimulator({ db: t.database.db, latencyMs: 0, failureRate: 0 }),
    bus: t.bus,
    batchSize: 100,
    staleSeconds: 60,
    progressIntervalMs: 0,
  };
});
afterAll(async () => t.close());

describe('daily SIM fee proration', () => {
  it.each([
    ['2026-11', 30],
    ['2026-12', 31],
    ['2026-02', 28],
    ['2028-02', 29],
  ])('charges exactly the monthly fee over %s', (month, days) => {
    for (const sims of [1, 7, 1234]) {
      const daily = Array.from({ length: days }, (_, i) =>
        dailySimFeeCents(sims, `${month}-${String(i + 1).padStart(2, '0')}`),
      );
      expect(daily.reduce((a, b) => a + b, 0)).toBe(sims * SIM_MONTHLY_FEE_CENTS);
      expect(Math.max(...daily) - Math.min(...daily)).toBeLessThanOrEqual(1);
    }
  });
});

describe('daily prepay run', () => {
  it('charges the SIM fee and the day’s usage once, however often it runs', async () => {
    const demo = await companyId('Demo Logistics LLC');
    await addUsage(demo, `${DAY}T10:00:00Z`, 345);
    await addUsage(demo, `${DAY}T23:59:59Z`, 5);
    await addUsage(demo, '2026-11-20T00:00:00Z', 999); // the next day: not part of this run
    const active =
      (
        await one<{ n: number }>(
          sql`select count(*)::int as n from sims where company_id = ${demo} and block_type = 'none'`,
        )
      )?.n ?? 0;
    const before = await balance(demo);
    await runDailyBilling(deps, DAY);
    const fee = dailySimFeeCents(active, DAY);
    expect(await balance(demo)).toBe(before - fee - 350);
    const rows = await queryRows<{ amount_cents: string | number; kind: string; reason: string }>(
      t.database.db,
      sql`
      select amount_cents, kind, reason from ledger_entries where company_id = ${demo} and idempotency_key like ${`daily:${DAY}:%`} order by id`,
    );
    expect(rows.map((r) => [Number(r.amount_cents), r.kind, r.reason])).toEqual([
      [-fee, 'charge', `sim_fee:${DAY}`],
      [-350, 'charge', `usage:${DAY}`],
    ]);
    const count = await ledgerCount(demo);
    await runDailyBilling(deps, DAY);
    await Promise.all([runDailyBilling(deps, DAY), runDailyBilling(deps, DAY)]);
    expect(await ledgerCount(demo)).toBe(count);
    expect(await balance(demo)).toBe(before - fee - 350);
    const root = (await login(t.app, 'root@demo.local')).token;
    const listed = z
      .object({ result: DepositListResult })
      .parse(
        (
          await post(
            t.app,
            '/api/deposit/list',
            { page: 0, size: 2, filter: { company: demo, type: 'charge' } },
            { token: root },
          )
        ).json(),
      );
    expect(listed.result.items.map((i) => i.reason)).toEqual([`Data, SMS and calls, ${DAY}`, `SIM fee, ${DAY}`]);
  });

  it('a run cut short by a crash charges the rest and nobody twice', async () => {
    const day = '2026-11-18';
    const child = await companyId('Demo Logistics North');
    const demo = await companyId('Demo Logistics LLC');
    // The child's postings fail mid-run, as if the process died there.
    await t.database.db.execute(
      sql.raw(
        `alter table ledger_entries add constraint crash_test check (company_id <> ${child} or idempotency_key is null or idempotency_key not like 'daily:${day}%')`,
      ),
    );
    await expect(runDailyBilling(deps, day)).rejects.toThrow(/billing failed/);
    await t.database.db.execute(sql`alter table ledger_entries drop constraint crash_test`);
    const demoAfterCrash = await ledgerCount(demo);
    expect(
      (
        await one<{ n: number }>(
          sql`select count(*)::int as n from billing_runs where company_id = ${child} and period = ${day}`,
        )
      )?.n,
    ).toBe(0);
    const childBefore = await ledgerCount(child);
    await runDailyBilling(deps, day);
    expect(await ledgerCount(demo)).toBe(demoAfterCrash);
    expect(await ledgerCount(child)).toBe(childBefore + 1);
  });
});

describe('monthly postpay run', () => {
  it('issues one monthly bill of SIM fees and usage, with a billing notification', async () => {
    const { id, adminId } = await makeCompany('Postpay Ltd', 2, ['none', 'none', 'none', 'voluntary'], 0);
    await addUsage(id, '2026-10-15T12:00:00Z', 250);
    await addUsage(id, '2026-11-01T00:00:00Z', 777);
    await runMonthlyBilling(deps, '2026-10');
    await runMonthlyBilling(deps, '2026-10');
    const bills = await queryRows<{
      number: string;
      amount_cents: string | number;
      kind: string;
      status: string;
      id: number;
    }>(
      t.database.db,
      sql`
      select id::int as id, number, amount_cents, kind, status from bills where company_id = ${id}`,
    );
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ kind: 'monthly', status: 'unpaid' });
    expect(Number(bills[0]?.amount_cents)).toBe(3 * SIM_MONTHLY_FEE_CENTS + 250);
    expect(bills[0]?.number).toMatch(/^B-\d{4}-\d{6}$/);
    expect(await balance(id)).toBe(-(3 * SIM_MONTHLY_FEE_CENTS + 250));
    const flags = await one<{ balance_problem: boolean }>(sql`select balance_problem from companies where id = ${id}`);
    expect(flags?.balance_problem).toBe(false);
    const notes = await queryRows<{ text: string; category: string }>(
      t.database.db,
      sql`select text, category from notifications where user_id = ${adminId}`,
    );
    expect(notes).toEqual([
      { category: 'billing', text: `Bill ${bills[0]?.number} for 2026-10 has been issued: 5.50 EUR` },
    ]);
  });
});

describe('financial block', () => {
  it('a prepay balance at zero warns, blocks unblocked SIMs through the queue, and a top-up unblocks only those', async () => {
    const { id, adminId } = await makeCompany('Dry Run Co', 1, ['none', 'none', 'none', 'violation', 'voluntary'], 200);
    await addUsage(id, `${DAY}T08:00:00Z`, 300);
    // With a grace period still running nothing is blocked yet.
    await runDailyBilling({ ...deps, graceHours: 24 }, DAY);
    const state = await one<{ balance_problem: boolean; balance_cents: string | number }>(
      sql`select balance_problem, balance_cents from companies where id = ${id}`,
    );
    expect(state?.balance_problem).toBe(true);
    expect(Number(state?.balance_cents)).toBeLessThanOrEqual(0);
    expect(
      (await one<{ n: number }>(sql`select count(*)::int as n from queue_items where company_id = ${id}`))?.n,
    ).toBe(0);
    const notes = await queryRows<{ text: string; category: string; type: string }>(
      t.database.db,
      sql`select text, category, type from notifications where user_id = ${adminId}`,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ category: 'billing', type: 'warning' });
    expect(notes[0]?.text).toContain('The company balance is exhausted');

    // Grace 0: the next reconcile blocks through a queue item owned by the company's admin.
    expect(await reconcileFinancialBlocks(deps, id)).toBe('blocked');
    expect(await reconcileFinancialBlocks(deps, id)).toBe('none');
    expect(await runFinancialItems(id, 'queue_block')).toEqual([adminId]);
    expect(await blockTypes(id)).toEqual([
      ['financial', 3],
      ['violation', 1],
      ['voluntary', 1],
    ]);
    expect(await reconcileFinancialBlocks(deps, id)).toBe('none');

    // Root's positive adjustment lifts exactly the financial blocks.
    const root = (await login(t.app, 'root@demo.local')).token;
    const res = await post(
      t.app,
      '/api/deposit/adjust',
      { company_id: id, amount: '+5', reason: 'Paid by wire' },
      { token: root },
    );
    expect(res.statusCode).toBe(200);
    expect(
      (await one<{ balance_problem: boolean }>(sql`select balance_problem from companies where id = ${id}`))
        ?.balance_problem,
    ).toBe(false);
    expect(await runFinancialItems(id, 'queue_unblock')).toEqual([adminId]);
    expect(await blockTypes(id)).toEqual([
      ['none', 3],
      ['violation', 1],
      ['voluntary', 1],
    ]);
    expect(await reconcileFinancialBlocks(deps, id)).toBe('none');
  });

  it('a top-up while the financial block is still queued wins: no SIM is left blocked', async () => {
    const { id } = await makeCompany('Race Co', 1, ['none', 'none'], -100);
    expect(await reconcileFinancialBlocks(deps, id)).toBe('blocked');
    await t.database.db.transaction((tx) => postLedgerEntry(tx, { companyId: id, kind: 'topup', amountCents: 1000 }));
    // Nothing is financially blocked yet, so there is nothing to unblock; the queued block must not land.
    expect(await reconcileFinancialBlocks(deps, id)).toBe('none');
    await runFinancialItems(id, 'queue_block');
    expect(await blockTypes(id)).toEqual([['none', 2]]);
    const reasons = await queryRows<{ reason: string }>(
      t.database.db,
      sql`select reason from queue_results where company_id = ${id}`,
    );
    expect(reasons.map((r) => r.reason)).toEqual(['balance_restored', 'balance_restored']);
  });

  it('a postpay company is never blocked for its balance', async () => {
    const { id } = await makeCompany('Postpay Debtor', 2, ['none'], -500);
    expect(await reconcileFinancialBlocks(deps, id)).toBe('none');
    expect(await blockTypes(id)).toEqual([['none', 1]]);
  });
});

describe('the hourly cycle (what the cron runs)', () => {
  it('bills yesterday and last month once, and blocks a company whose grace period ran out', async () => {
    const { id } = await makeCompany('Cycle Dry Co', 1, ['none'], -1);
    const now = new Date('2026-12-01T00:05:00Z');
    await runBillingCycle(deps, now);
    await runBillingCycle(deps, now);
    const runs = await queryRows<{ kind: string; period: string; n: number }>(
      t.database.db,
      sql`
      select kind, period, count(*)::int as n from billing_runs where period in ('2026-11-30', '2026-11') group by kind, period order by kind`,
    );
    const prepay = (await one<{ n: number }>(sql`select count(*)::int as n from companies where billing_type = 1`))?.n;
    const postpay = (await one<{ n: number }>(sql`select count(*)::int as n from companies where billing_type = 2`))?.n;
    expect(runs).toEqual([
      { kind: 'daily', period: '2026-11-30', n: prepay },
      { kind: 'monthly', period: '2026-11', n: postpay },
    ]);
    const items = await queryRows<{ reason: string }>(
      t.database.db,
      sql`select reason from queue_items where company_id = ${id}`,
    );
    expect(items).toEqual([{ reason: 'queue_block' }]);
  });
});
