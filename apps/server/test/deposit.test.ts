import { DepositAdjustResult, DepositListResult } from '@cab/contract/deposit';
import { ErrorBody } from '@cab/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/client.js';
import { postLedgerEntry } from '../src/modules/commerce/ledger/repository.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let root: string;
let admin: string;
let viewer: string;
let demoId: number;
let childId: number;
let operatorId: number;

const ListAnswer = z.strictObject({ result: DepositListResult });
const AdjustAnswer = z.strictObject({ result: DepositAdjustResult.strict() });

const companyId = async (name: string) =>
  (await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from companies where name = ${name}`))[0]
    ?.id ?? 0;
const list = (token: string, body: unknown, lang: 'ru' | 'en' = 'en') =>
  post(t.app, '/api/deposit/list', body, { token, lang });
const adjust = (token: string, body: unknown, lang: 'ru' | 'en' = 'en') =>
  post(t.app, '/api/deposit/adjust', body, { token, lang });

/** Every company's balance equals the sum of its ledger, and each row's balance_after is the running sum. */
async function expectLedgerConsistent(): Promise<void> {
  const mismatched = await queryRows<{ id: number }>(
    t.database.db,
    sql`
    select c.id from companies c
    where c.balance_cents <> coalesce((select sum(amount_cents) from ledger_entries l where l.company_id = c.id and l.source_company_id is null and l.request_id is null), 0)`,
  );
  expect(mismatched).toEqual([]);
  const broken = await queryRows<{ id: number }>(
    t.database.db,
    sql`
    select id from (
      select id, balance_after_cents, sum(amount_cents) over (partition by company_id, source_company_id is null and request_id is null order by id) as running
      from ledger_entries) r
    where r.balance_after_cents <> r.running`,
  );
  expect(broken).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp();
  root = (await login(t.app, 'root@demo.local')).token;
  admin = (await login(t.app, 'admin@demo.local')).token;
  viewer = (await login(t.app, 'viewer@demo.local')).token;
  demoId = await companyId('Demo Logistics LLC');
  childId = await companyId('Demo Logistics North');
  operatorId = await companyId('M2M Operator');
});
afterAll(async () => t.close());

describe('deposit list', () => {
  it('opening balances are ledger rows, so the seed already balances', async () => {
    const res = await list(viewer, { page: 0, size: 25 });
    expect(res.statusCode).toBe(200);
    const { items, total } = ListAnswer.parse(res.json()).result;
    // The demo company: its opening balance, then the seeded top-up bill, paid (newest first).
    expect(total).toBe(2);
    expect(items[1]).toMatchObject({
      company_id: demoId,
      kind: 'adjustment',
      amount_cents: 75_000,
      balance_after_cents: 75_000,
      reason: 'Opening balance',
      author: null,
    });
    expect(items[0]).toMatchObject({ company_id: demoId, kind: 'topup', amount_cents: 50_000, balance_after_cents: 125_000 });
    expect(items[0]?.reason).toMatch(/^B-\d{4}-\d{6}$/);
    const ru = ListAnswer.parse((await list(viewer, { page: 0, size: 25 }, 'ru')).json()).result;
    expect(ru.items[1]?.reason).toBe('Начальный баланс');
    await expectLedgerConsistent();
  });

  it('lets a user pick a child company, hides every other company (404) and shows root everything', async () => {
    const child = ListAnswer.parse(
      (await list(admin, { page: 0, size: 25, filter: { company: childId } })).json(),
    ).result;
    expect(child.items.map((i) => i.company_id)).toEqual([childId]);
    expect((await list(viewer, { page: 0, size: 25, filter: { company: operatorId } })).statusCode).toBe(404);
    expect((await list(viewer, { page: 0, size: 25, filter: { company: 999_999 } })).statusCode).toBe(404);
    const all = ListAnswer.parse((await list(root, { page: 0, size: 25 })).json()).result;
    expect(new Set(all.items.map((i) => i.company_id))).toEqual(new Set([demoId, childId]));
  });

  it('filters by type and pages', async () => {
    const charges = ListAnswer.parse(
      (await list(root, { page: 0, size: 25, filter: { type: 'charge' } })).json(),
    ).result;
    expect(charges).toEqual({ items: [], total: 0 });
    const page1 = ListAnswer.parse((await list(root, { page: 1, size: 1 })).json()).result;
    expect(page1.total).toBe(3);
    expect(page1.items).toHaveLength(1);
    expect((await list(root, { page: 0, size: 1000 })).statusCode).toBe(400);
    expect((await list(root, { page: 0, size: 10, filter: { type: 'gift' } })).statusCode).toBe(400);
    expect((await list(root, { page: 0, size: 10, extra: 1 })).statusCode).toBe(400);
  });
});

describe('root balance adjustment', () => {
  it('only root adjusts: admin and viewer get 403', async () => {
    for (const token of [admin, viewer]) {
      const res = await adjust(token, { company_id: demoId, amount: '+10', reason: 'gift' });
      expect(res.statusCode).toBe(403);
    }
  });

  it('accepts +N and -N EUR with up to two decimals and records author, reason and audit', async () => {
    const res = await adjust(root, { company_id: childId, amount: '-12.50', reason: 'Correction of October' });
    expect(res.statusCode).toBe(200);
    expect(AdjustAnswer.parse(res.json()).result.balance_cents).toBe(30_000 - 1250);
    const plus = AdjustAnswer.parse(
      (await adjust(root, { company_id: childId, amount: '+100', reason: 'Bonus' })).json(),
    ).result;
    expect(plus.balance_cents).toBe(30_000 - 1250 + 10_000);
    const { items } = ListAnswer.parse(
      (await list(root, { page: 0, size: 2, filter: { company: childId } })).json(),
    ).result;
    expect(items.map((i) => [i.amount_cents, i.reason, i.author?.last_name])).toEqual([
      [10_000, 'Bonus', 'Root'],
      [-1250, 'Correction of October', 'Root'],
    ]);
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`
      select count(*)::int as n from audit_log where company_id = ${childId} and action = 'balance_adjust'`,
    );
    expect(audit[0]?.n).toBe(2);
    await expectLedgerConsistent();
  });

  it.each(['100', '+', '+1.234', '+1e3', '--5', '+0', '-0.00', '+99999999', ' ', '+12,5,0', 'abc'])(
    'rejects %j with a localized message and changes nothing',
    async (amount) => {
      const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ledger_entries`);
      for (const lang of ['en', 'ru'] as const) {
        const res = await adjust(root, { company_id: demoId, amount, reason: 'x' }, lang);
        expect(res.statusCode).toBe(400);
        const body = ErrorBody.parse(res.json());
        expect(body.code).toBe('balance_change_invalid');
        expect(body.message).toContain(
          lang === 'en' ? 'Enter the balance change as +N or -N EUR' : 'Введите изменение баланса как +N или -N',
        );
      }
      const after = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ledger_entries`);
      expect(after[0]?.n).toBe(before[0]?.n);
    },
  );

  it('needs a reason and an existing company', async () => {
    expect((await adjust(root, { company_id: demoId, amount: '+1', reason: '  ' })).statusCode).toBe(400);
    expect((await adjust(root, { company_id: 999_999, amount: '+1', reason: 'x' })).statusCode).toBe(404);
  });

  it('20 parallel top-ups and charges keep sum(ledger) == balance and every balance_after consistent', async () => {
    const before = (
      await queryRows<{ b: string | number }>(
        t.database.db,
        sql`select balance_cents as b from companies where id = ${demoId}`,
      )
    )[0]?.b;
    const amounts = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 1001 + i : -(703 + i)));
    await Promise.all(
      amounts.map((amountCents, i) =>
        i % 4 === 0
          ? adjust(root, {
              company_id: demoId,
              amount: `${amountCents > 0 ? '+' : '-'}${Math.abs(amountCents) / 100}`,
              reason: `parallel ${i}`,
            }).then((r) => expect(r.statusCode).toBe(200))
          : t.database.db.transaction((tx) =>
              postLedgerEntry(tx, { companyId: demoId, kind: amountCents > 0 ? 'topup' : 'charge', amountCents }),
            ),
      ),
    );
    const after = (
      await queryRows<{ b: string | number }>(
        t.database.db,
        sql`select balance_cents as b from companies where id = ${demoId}`,
      )
    )[0]?.b;
    expect(Number(after)).toBe(Number(before) + amounts.reduce((a, b) => a + b, 0));
    await expectLedgerConsistent();
  });
});
