import { Bill } from '@cab/contract/bills';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hashPassword } from '../src/auth/passwords.js';
import { queryRows } from '../src/db/client.js';
import { dailySimFeeCents, runDailyBilling, type BillingDeps } from '../src/modules/commerce/billing/engine.js';
import { reconcileFinancialBlocks } from '../src/modules/commerce/billing/financial.js';
import { postLedgerEntry } from '../src/modules/commerce/ledger/repository.js';
import { runQueueItem, type QueueRunnerDeps } from '../src/modules/platform/queue/runner.js';
import { NetworkSimulator } from '../src/network/simulator.js';
import { makeIccid } from '../src/seed/iccid.js';
import { createTestApp, DEMO_PASSWORD, login, post, type TestApp } from './support/test-app.js';

// The whole prepay story end to end through the API: a company runs dry, its SIMs are blocked for
// money, its admin issues a top-up bill, root marks it paid, and the queue gives the SIMs back.
let t: TestApp;
let deps: BillingDeps;
let runner: QueueRunnerDeps;
let rootToken = '';

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0];
const balance = async (id: number) =>
  Number((await one<{ b: string | number }>(sql`select balance_cents as b from companies where id = ${id}`))?.b);
const blockTypes = async (id: number) =>
  (
    await queryRows<{ block_type: string; n: number }>(
      t.database.db,
      sql`select block_type, count(*)::int as n from sims where company_id = ${id} group by block_type order by block_type`,
    )
  ).map((r) => [r.block_type, r.n]);

/** sum(ledger) == balance for every company, and every row's balance_after is the running sum. */
async function expectLedgerBalanced(): Promise<void> {
  const mismatched = await queryRows<{ id: number }>(
    t.database.db,
    sql`select c.id from companies c
        where c.balance_cents <> coalesce((select sum(amount_cents) from ledger_entries l where l.company_id = c.id and l.source_company_id is null and l.request_id is null), 0)`,
  );
  expect(mismatched).toEqual([]);
  const broken = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from (
          select id, balance_after_cents, sum(amount_cents) over (partition by company_id, source_company_id is null and request_id is null order by id) as running
          from ledger_entries) r
        where r.balance_after_cents <> r.running`,
  );
  expect(broken).toEqual([]);
}

let serial = 950_000;
/** A prepay company with its own admin (who can log in), SIMs of the given block types and an opening balance. */
async function makePrepayCompany(name: string, blocks: string[], openingCents: number) {
  const id = (await one<{ id: number }>(sql`
    insert into companies (name, billing_type, contract) values (${name}, 1, ${`C-${name}`}) returning id::int as id`))?.id ?? 0;
  const email = `${name.toLowerCase().replace(/\W/g, '')}@flow.local`;
  const hash = await hashPassword(DEMO_PASSWORD);
  const adminId = (await one<{ id: number }>(sql`
    insert into users (company_id, email, password_hash, first_name, last_name, role, lang)
    values (${id}, ${email}, ${hash}, 'Ada', ${name}, 'admin', 'en') returning id::int as id`))?.id ?? 0;
  for (const blockType of blocks) {
    serial += 1;
    await t.database.db.execute(sql`
      insert into sims (company_id, iccid, msisdn, profile, block_type)
      values (${id}, ${makeIccid(serial)}, ${`7901${serial}`}, 'BK', ${blockType})`);
  }
  await t.database.db.transaction((tx) =>
    postLedgerEntry(tx, { companyId: id, kind: 'adjustment', amountCents: openingCents, reason: 'opening' }),
  );
  return { id, adminId, token: (await login(t.app, email)).token };
}

async function runningItems(companyId: number, reason: string) {
  return queryRows<{ id: number; user_id: number }>(
    t.database.db,
    sql`select id::int as id, user_id::int as user_id from queue_items
        where company_id = ${companyId} and reason = ${reason} and state = 'running'`,
  );
}

async function runItems(companyId: number, reason: string): Promise<number> {
  const rows = await runningItems(companyId, reason);
  for (const row of rows) await runQueueItem(runner, { companyId, queueId: row.id });
  return rows.length;
}

const BillAnswer = z.object({ result: Bill });

beforeAll(async () => {
  t = await createTestApp({ env: { BILLING_GRACE_HOURS: '0', BILL_MIN_AMOUNT_EUR: '50' } });
  deps = { db: t.database.db, bus: t.bus, jobs: t.jobs, graceHours: 0 };
  runner = {
    db: t.database.db,
    network: new NetworkSimulator({ db: t.database.db, latencyMs: 0, failureRate: 0 }),
    bus: t.bus,
    batchSize: 100,
    staleSeconds: 60,
    progressIntervalMs: 0,
  };
  rootToken = (await login(t.app, 'root@demo.local')).token;
});
afterAll(async () => t.close());

describe('a dry prepay company pays a top-up bill', () => {
  it('root marking the bill paid credits the balance and the queue unblocks exactly the financial SIMs', async () => {
    const dry = await makePrepayCompany('Dry Flow Co', ['none', 'none', 'none', 'violation', 'voluntary'], -1500);
    // A second dry company whose financial blocks must stay where they are.
    const other = await makePrepayCompany('Still Dry Co', ['none', 'none'], -100);
    for (const company of [dry, other]) {
      expect(await reconcileFinancialBlocks(deps, company.id)).toBe('blocked');
      expect(await runItems(company.id, 'queue_block')).toBe(1);
    }
    expect(await blockTypes(dry.id)).toEqual([['financial', 3], ['violation', 1], ['voluntary', 1]]);
    expect(await blockTypes(other.id)).toEqual([['financial', 2]]);

    const created = await post(t.app, '/api/bills/create', { amount_eur: 60 }, { token: dry.token });
    expect(created.statusCode, created.body).toBe(200);
    const bill = BillAnswer.parse(created.json()).result;
    expect(bill).toMatchObject({ kind: 'topup', status: 'unpaid', amount_cents: 6000, company_id: dry.id });
    // An unpaid bill changes nothing yet.
    expect(await balance(dry.id)).toBe(-1500);
    expect(await runningItems(dry.id, 'queue_unblock')).toEqual([]);
    // The company's admin may not mark its own bill paid (403); root may.
    expect((await post(t.app, '/api/bills/mark_paid', { id: bill.id }, { token: dry.token })).statusCode).toBe(403);
    // Another company's admin does not even learn the bill exists.
    expect((await post(t.app, '/api/bills/pay_from_balance', { id: bill.id }, { token: other.token })).statusCode).toBe(404);

    const paid = await post(t.app, '/api/bills/mark_paid', { id: bill.id }, { token: rootToken });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(BillAnswer.parse(paid.json()).result.status).toBe('paid');
    expect(await balance(dry.id)).toBe(4500);
    const flags = await one<{ balance_problem: boolean }>(sql`select balance_problem from companies where id = ${dry.id}`);
    expect(flags?.balance_problem).toBe(false);

    const unblock = await runningItems(dry.id, 'queue_unblock');
    expect(unblock.map((i) => i.user_id)).toEqual([dry.adminId]);
    expect(await runItems(dry.id, 'queue_unblock')).toBe(1);
    expect(await blockTypes(dry.id)).toEqual([['none', 3], ['violation', 1], ['voluntary', 1]]);
    expect(await blockTypes(other.id)).toEqual([['financial', 2]]);
    expect(await runningItems(other.id, 'queue_unblock')).toEqual([]);
    // Paying again is refused and starts nothing more.
    expect((await post(t.app, '/api/bills/mark_paid', { id: bill.id }, { token: rootToken })).statusCode).toBe(409);
    expect(await reconcileFinancialBlocks(deps, dry.id)).toBe('none');
    await expectLedgerBalanced();
  });
});

describe('a top-up paid while the daily charge runs', () => {
  it('keeps sum(ledger) == balance: both postings land once, one after the other', async () => {
    const day = '2026-11-17';
    const company = await makePrepayCompany('Race Flow Co', ['none', 'none', 'none', 'none'], 10_000);
    const bills = await Promise.all(
      [50, 70, 90].map(async (amount_eur) =>
        BillAnswer.parse((await post(t.app, '/api/bills/create', { amount_eur }, { token: company.token })).json()).result,
      ),
    );
    await Promise.all([
      ...bills.map((b) =>
        post(t.app, '/api/bills/mark_paid', { id: b.id }, { token: rootToken }).then((r) => expect(r.statusCode).toBe(200)),
      ),
      runDailyBilling(deps, day),
      runDailyBilling(deps, day),
    ]);
    const fee = dailySimFeeCents(4, day);
    expect(fee).toBeGreaterThan(0);
    expect(await balance(company.id)).toBe(10_000 + 21_000 - fee);
    const kinds = await queryRows<{ kind: string; n: number }>(
      t.database.db,
      sql`select kind, count(*)::int as n from ledger_entries where company_id = ${company.id} group by kind order by kind`,
    );
    expect(kinds).toEqual([
      { kind: 'adjustment', n: 1 },
      { kind: 'charge', n: 1 },
      { kind: 'topup', n: 3 },
    ]);
    await expectLedgerBalanced();
  });
});
