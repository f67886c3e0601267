import { Bill, BillListResult, BillSettings } from '@cab/contract/bills';
import { ErrorBody } from '@cab/contract/errors';
import { Order } from '@cab/contract/orders';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/client.js';
import { createTestApp, get, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
const tokens: Record<'root' | 'admin' | 'viewer' | 'manager', string> = { root: '', admin: '', viewer: '', manager: '' };
const companies = { demo: 0, child: 0, operator: 0 };

beforeAll(async () => {
  t = await createTestApp({ env: { BILL_MIN_AMOUNT_EUR: '30' } });
  for (const role of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[role] = (await login(t.app, `${role}@demo.local`)).token;
  const rows = await queryRows<{ id: number; name: string }>(t.database.db, sql`select id::int as id, name from companies`);
  const idOf = (name: string) => rows.find((r) => r.name === name)?.id ?? 0;
  companies.demo = idOf('Demo Logistics LLC');
  companies.child = idOf('Demo Logistics North');
  companies.operator = idOf('M2M Operator');
});
afterAll(async () => t.close());

const BillAnswer = z.strictObject({ result: Bill.strict() });
const call = (verb: string, body: unknown, token: string, lang: 'en' | 'ru' = 'en') => post(t.app, `/api/bills/${verb}`, body, { token, lang });

async function createTopup(amount_eur: number, token = tokens.admin, company_id?: number) {
  const res = await call('create', { amount_eur, ...(company_id ? { company_id } : {}) }, token);
  expect(res.statusCode, res.body).toBe(200);
  return BillAnswer.parse(res.json()).result;
}
async function balanceOf(companyId: number): Promise<number> {
  const [row] = await queryRows<{ b: string | number }>(t.database.db, sql`select balance_cents as b from companies where id = ${companyId}`);
  return Number(row?.b);
}
async function ledgerRows(billId: number) {
  return queryRows<{ kind: string; amount_cents: string | number; idempotency_key: string }>(
    t.database.db,
    sql`select kind, amount_cents, idempotency_key from ledger_entries where bill_id = ${billId} and source_company_id is null`,
  );
}
async function list(token: string, filter: object, page = 0, size = 25) {
  const res = await call('list', { page, size, filter }, token);
  expect(res.statusCode, res.body).toBe(200);
  return z.object({ result: BillListResult }).parse(res.json()).result;
}

describe('top-up bills', () => {
  it('shows the minimum amount and refuses less, localized', async () => {
    const settings = await call('settings', {}, tokens.viewer);
    expect(z.object({ result: BillSettings }).parse(settings.json()).result.min_amount_eur).toBe(30);
    const en = await call('create', { amount_eur: 29.99 }, tokens.admin, 'en');
    expect(en.statusCode).toBe(422);
    expect(ErrorBody.parse(en.json()).message).toBe('The minimum recommended bill amount is 30 EUR');
    const ru = await call('create', { amount_eur: 10 }, tokens.admin, 'ru');
    expect(ErrorBody.parse(ru.json()).message).toBe('Минимальная рекомендуемая сумма счёта — 30 EUR');
    expect((await call('create', { amount_eur: 30.001 }, tokens.admin)).statusCode).toBe(400);
  });

  it('a paid top-up credits the balance once, even when marked paid twice at the same time', async () => {
    const bill = await createTopup(75.5);
    expect(bill).toMatchObject({ kind: 'topup', status: 'unpaid', amount_cents: 7550, company_id: companies.demo });
    expect(bill.number).toMatch(/^B-\d{4}-\d{6}$/);
    const before = await balanceOf(companies.demo);
    const answers = await Promise.all([call('mark_paid', { id: bill.id }, tokens.root), call('mark_paid', { id: bill.id }, tokens.root)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await call('mark_paid', { id: bill.id }, tokens.root)).statusCode).toBe(409);
    expect(await balanceOf(companies.demo)).toBe(before + 7550);
    const rows = await ledgerRows(bill.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'topup', idempotency_key: `bill:${bill.id}` });
    expect(Number(rows[0]?.amount_cents)).toBe(7550);
  });

  it('root cancels an unpaid bill; a cancelled bill is never paid', async () => {
    const bill = await createTopup(40);
    expect((await call('cancel', { id: bill.id }, tokens.admin)).statusCode).toBe(403);
    const cancelled = await call('cancel', { id: bill.id }, tokens.root);
    expect(BillAnswer.parse(cancelled.json()).result.status).toBe('cancelled');
    expect((await call('mark_paid', { id: bill.id }, tokens.root)).statusCode).toBe(409);
    expect(await ledgerRows(bill.id)).toHaveLength(0);
  });

  it('roles and tenants: viewer 403, another company 404, only root marks paid', async () => {
    expect((await call('create', { amount_eur: 50 }, tokens.viewer)).statusCode).toBe(403);
    expect((await call('create', { amount_eur: 50 }, tokens.manager)).statusCode).toBe(403);
    expect((await call('create', { amount_eur: 50, company_id: companies.operator }, tokens.admin)).statusCode).toBe(404);
    await createTopup(50, tokens.admin, companies.child);
    const own = await createTopup(50);
    expect((await call('mark_paid', { id: own.id }, tokens.admin)).statusCode).toBe(403);
    const foreign = await createTopup(60, tokens.root, companies.operator);
    expect((await call('cancel', { id: foreign.id }, tokens.admin)).statusCode).toBe(403);
    expect((await call('pay_from_balance', { id: foreign.id }, tokens.admin)).statusCode).toBe(404);
    expect((await get(t.app, `/api/bills/pdf?id=${foreign.id}&x=1`, { token: tokens.admin })).statusCode).toBe(400);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/bills/pdf?id=${foreign.id}&lang=en`, headers: { authorization: `Bearer ${tokens.admin}` } });
    expect(pdf.statusCode).toBe(404);
    expect((await list(tokens.admin, {})).items.some((b) => b.id === foreign.id)).toBe(false);
  });
});

describe('docs list', () => {
  it('filters by paid state, company, period and country, paged', async () => {
    const all = await list(tokens.admin, { paid: 0 });
    expect(all.total).toBeGreaterThan(2);
    expect((await list(tokens.admin, { paid: 1 })).items.every((b) => b.status === 'paid')).toBe(true);
    expect((await list(tokens.admin, { paid: 2 })).items.every((b) => b.status === 'unpaid')).toBe(true);
    const child = await list(tokens.admin, { company: companies.child });
    expect(child.total).toBeGreaterThan(0);
    expect(child.items.every((b) => b.company_id === companies.child)).toBe(true);
    const period = all.items[0]?.period ?? '';
    const inPeriod = await list(tokens.admin, { period });
    expect(inPeriod.total).toBeGreaterThan(0);
    expect(inPeriod.items.every((b) => b.period === period)).toBe(true);
    // The seeded order delivered 45 days ago was billed in an earlier month.
    expect(inPeriod.total).toBeLessThan(all.total);
    expect((await list(tokens.admin, { period: '2001-01' })).total).toBe(0);
    expect((await list(tokens.admin, { country: 'RU' })).total).toBe(all.total);
    expect((await list(tokens.admin, { country: 'DE' })).total).toBe(0);
    const page = await list(tokens.admin, {}, 1, 1);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.id).toBe(all.items[1]?.id);
    expect((await call('list', { page: 0, size: 25, filter: { period: '2026-13' } }, tokens.admin)).statusCode).toBe(400);
  });
});

describe('order bills paid from the balance', () => {
  it('debits the balance once, pays the bill and starts the order; refuses when the balance is short', async () => {
    const created = await post(t.app, '/api/orders/create', { company_id: companies.demo, count: 50, contact: 'Anna', address: 'Moscow' }, { token: tokens.admin });
    const order = z.object({ result: Order }).parse(created.json()).result;
    const before = await balanceOf(companies.demo);
    const paid = await call('pay_from_balance', { id: order.bill_id }, tokens.admin);
    expect(BillAnswer.parse(paid.json()).result.status).toBe('paid');
    expect((await call('pay_from_balance', { id: order.bill_id }, tokens.admin)).statusCode).toBe(409);
    expect(await balanceOf(companies.demo)).toBe(before - 6250);
    const rows = await ledgerRows(order.bill_id ?? 0);
    expect(rows.map((r) => [r.kind, Number(r.amount_cents)])).toEqual([['order_payment', -6250]]);
    const after = await post(t.app, '/api/orders/get', { id: order.id }, { token: tokens.admin });
    expect(z.object({ result: Order }).parse(after.json()).result.status).toBe(2);

    const big = await post(t.app, '/api/orders/create', { company_id: companies.demo, count: 100_000, contact: 'Anna', address: 'Moscow' }, { token: tokens.admin });
    const bigOrder = z.object({ result: Order }).parse(big.json()).result;
    const short = await call('pay_from_balance', { id: bigOrder.bill_id }, tokens.admin);
    expect(short.statusCode).toBe(422);
    expect(ErrorBody.parse(short.json()).code).toBe('balance_insufficient');
    expect(await balanceOf(companies.demo)).toBe(before - 6250);
    expect((await call('pay_from_balance', { id: bigOrder.bill_id }, tokens.viewer)).statusCode).toBe(403);
  });
});

describe('bill PDF', () => {
  it('renders the bill number, parties and total, with labels in the requester’s language', async () => {
    const bill = await createTopup(123.45);
    for (const [lang, label] of [['en', 'Total, EUR'], ['ru', 'Итого, EUR']] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/bills/pdf?id=${bill.id}&lang=${lang}`, headers: { authorization: `Bearer ${tokens.viewer}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
      const { text } = await parser.getText();
      await parser.destroy();
      expect(text).toContain(bill.number);
      expect(text).toContain('123.45');
      expect(text).toContain(label);
      expect(text).toContain('Demo Logistics LLC');
      expect(text).toContain('M2M Operator');
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/bills/pdf?id=${bill.id}` })).statusCode).toBe(401);
  });
});
