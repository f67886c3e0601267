import { ErrorBody } from '@cab/contract/errors';
import { Order, OrderListResult } from '@cab/contract/orders';
import { SimListResult } from '@cab/contract/sims';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/client.js';
import { isValidIccid } from '../src/seed/iccid.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
const tokens: Record<'root' | 'admin' | 'viewer' | 'manager' | 'agent', string> = { root: '', admin: '', viewer: '', manager: '', agent: '' };
const companies = { demo: 0, child: 0, operator: 0 };

beforeAll(async () => {
  t = await createTestApp();
  for (const role of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[role] = (await login(t.app, `${role}@demo.local`)).token;
  const rows = await queryRows<{ id: number; name: string }>(t.database.db, sql`select id::int as id, name from companies`);
  const idOf = (name: string) => rows.find((r) => r.name === name)?.id ?? 0;
  companies.demo = idOf('Demo Logistics LLC');
  companies.child = idOf('Demo Logistics North');
  companies.operator = idOf('M2M Operator');
});
afterAll(async () => t.close());

const OrderAnswer = z.strictObject({ result: Order.strict() });
const ErrorAnswer = ErrorBody.strict();
const call = (verb: string, body: unknown, token: string, lang: 'en' | 'ru' = 'en') => post(t.app, `/api/orders/${verb}`, body, { token, lang });
const validOrder = () => ({ company_id: companies.demo, count: 100, contact: 'Anna, +79990001122', address: 'Moscow, Tverskaya 1' });

async function createOrder(body: object = validOrder(), token = tokens.admin) {
  const res = await call('create', body, token);
  expect(res.statusCode, res.body).toBe(200);
  return OrderAnswer.parse(res.json()).result;
}
const move = (id: number, status: number, token = tokens.root, comment?: string) =>
  call('status', { id, status, ...(comment === undefined ? {} : { supplier_comment: comment }) }, token);
const markPaid = (id: number, token = tokens.root) => post(t.app, '/api/bills/mark_paid', { id }, { token });

async function countSims(token: string, query: string): Promise<number> {
  const res = await post(t.app, '/api/sims/list', { page: 0, size: 25, filter: { query, blocked: 0 } }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return z.object({ result: SimListResult }).parse(res.json()).result.total;
}

describe('order validation', () => {
  it('answers the spec text for a count that is not a multiple of 50, in English and Russian', async () => {
    for (const count of [120, 0, 49]) {
      const en = await call('create', { ...validOrder(), count }, tokens.admin, 'en');
      expect(en.statusCode).toBe(400);
      expect(ErrorAnswer.parse(en.json()).fields?.count).toBe('Quantity must be a multiple of 50. Minimum quantity is 50 pcs.');
    }
    const ru = await call('create', { ...validOrder(), count: 120 }, tokens.admin, 'ru');
    expect(ErrorAnswer.parse(ru.json()).fields?.count).toBe('Количество должно быть кратно 50. Минимальное количество — 50 шт.');
  });

  it('requires contact and address ("Fill the data")', async () => {
    const en = await call('create', { ...validOrder(), contact: '  ', address: '' }, tokens.admin, 'en');
    expect(en.statusCode).toBe(400);
    expect(ErrorAnswer.parse(en.json()).fields).toEqual({ contact: 'Fill the data', address: 'Fill the data' });
    const ru = await call('create', { ...validOrder(), address: '' }, tokens.admin, 'ru');
    expect(ErrorAnswer.parse(ru.json()).fields).toEqual({ address: 'Заполните данные' });
  });

  it('rejects unknown fields and unbounded strings', async () => {
    expect((await call('create', { ...validOrder(), price: 1 }, tokens.admin)).statusCode).toBe(400);
    expect((await call('create', { ...validOrder(), address: 'x'.repeat(1001) }, tokens.admin)).statusCode).toBe(400);
  });
});

describe('order lifecycle', () => {
  it('New → Pay waiting with its bill → paid → In work → Delivery → Completed allocates the SIMs once', async () => {
    const order = await createOrder();
    expect(order).toMatchObject({ status: 1, count: 100, amount_cents: 12_500, price_cents: 125, bill_status: 'unpaid', company_id: companies.demo });
    expect(order.number).toMatch(/^O-\d{4}-\d{6}$/);
    expect(order.bill_number).toMatch(/^B-\d{4}-\d{6}$/);
    const [bill] = await queryRows<{ kind: string; amount_cents: string; order_id: string }>(
      t.database.db,
      sql`select kind, amount_cents, order_id from bills where id = ${order.bill_id}`,
    );
    expect(bill?.kind).toBe('order');
    expect(Number(bill?.order_id)).toBe(order.id);
    expect(Number(bill?.amount_cents)).toBe(12_500);

    // Root cannot skip the payment.
    expect((await move(order.id, 2)).statusCode).toBe(409);
    expect((await markPaid(order.bill_id ?? 0)).statusCode).toBe(200);
    const paid = OrderAnswer.parse((await call('get', { id: order.id }, tokens.admin)).json()).result;
    expect(paid).toMatchObject({ status: 2, bill_status: 'paid' });

    // The order takes the oldest free cards of the SIM stock (the demo seed fills it).
    const cards = await queryRows<{ iccid: string; imsi: string; msisdn: string }>(
      t.database.db,
      sql`select iccid, imsi, msisdn from sim_stock where sim_id is null order by id limit 100`,
    );
    const first = cards[0]?.iccid ?? 'none';
    expect(await countSims(tokens.admin, first)).toBe(0);
    const delivering = await move(order.id, 5, tokens.root, 'Courier DHL 123');
    expect(OrderAnswer.parse(delivering.json()).result).toMatchObject({ status: 5, supplier_comment: 'Courier DHL 123' });
    const [firstMove, secondMove] = await Promise.all([move(order.id, 3), move(order.id, 3)]);
    expect([firstMove.statusCode, secondMove.statusCode].sort()).toEqual([200, 409]);
    expect((await move(order.id, 3)).statusCode).toBe(409);

    expect(await countSims(tokens.admin, first)).toBe(1);
    const sims = await queryRows<{ iccid: string; imsi: string; msisdn: string; profile: string; company_id: number }>(
      t.database.db,
      sql`select s.iccid, s.imsi, s.msisdn, s.profile, s.company_id::int as company_id
          from sims s join sim_stock t on t.iccid = s.iccid
          where s.iccid = any(${`{${cards.map((c) => c.iccid).join(',')}}`}::text[]) and t.sim_id = s.id`,
    );
    expect(sims).toHaveLength(100);
    expect(sims.every((s) => isValidIccid(s.iccid) && s.profile === 'MS' && s.company_id === companies.demo)).toBe(true);
    expect(sims.map(({ iccid, imsi, msisdn }) => ({ iccid, imsi, msisdn })).sort((a, b) => a.iccid.localeCompare(b.iccid))).toEqual(
      [...cards].sort((a, b) => a.iccid.localeCompare(b.iccid)),
    );

    const notes = await queryRows<{ category: string; n: number }>(
      t.database.db,
      sql`select category, count(*)::int as n from notifications where text like ${`%${order.number}%`} group by category`,
    );
    expect(notes.find((n) => n.category === 'notify')?.n).toBeGreaterThanOrEqual(2);
    expect(notes.find((n) => n.category === 'billing')?.n).toBeGreaterThanOrEqual(1);
  });

  it('a company admin cancels its unpaid order, which cancels the bill; a paid order is not cancelled', async () => {
    const order = await createOrder();
    const cancelled = await call('cancel', { id: order.id }, tokens.admin);
    expect(OrderAnswer.parse(cancelled.json()).result).toMatchObject({ status: 4, bill_status: 'cancelled' });
    expect((await markPaid(order.bill_id ?? 0)).statusCode).toBe(409);
    expect((await call('cancel', { id: order.id }, tokens.admin)).statusCode).toBe(409);

    const paid = await createOrder();
    expect((await markPaid(paid.bill_id ?? 0)).statusCode).toBe(200);
    expect((await call('cancel', { id: paid.id }, tokens.admin)).statusCode).toBe(409);
  });

  it('lists orders by filter group, paged, with a company column for root', async () => {
    const list = async (token: string, filter: object, page = 0, size = 25) => {
      const res = await call('list', { page, size, filter }, token);
      expect(res.statusCode, res.body).toBe(200);
      return z.object({ result: OrderListResult }).parse(res.json()).result;
    };
    const actual = await list(tokens.admin, { group: 'actual' });
    expect(actual.items.every((o) => [0, 1, 2, 5].includes(o.status))).toBe(true);
    const done = await list(tokens.admin, { group: 'completed' });
    expect(done.items.every((o) => o.status === 3)).toBe(true);
    expect(done.total).toBeGreaterThanOrEqual(1);
    const cancelled = await list(tokens.viewer, { group: 'cancelled' });
    expect(cancelled.items.every((o) => o.status === 4)).toBe(true);
    const all = await list(tokens.root, {});
    const firstPage = await list(tokens.root, {}, 0, 2);
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.total).toBe(all.total);
    const secondPage = await list(tokens.root, {}, 1, 2);
    expect(secondPage.items[0]?.id).not.toBe(firstPage.items[0]?.id);
  });
});

describe('order events', () => {
  it('pushes the order event to the company on create, payment and status change', async () => {
    const events: { companyId: number | undefined; id: number }[] = [];
    const unsubscribe = t.bus.subscribe((message) => {
      if (message.kind === 'event' && message.event.type === 'order') events.push({ companyId: message.audience.companyId, id: message.event.data.id });
    });
    const order = await createOrder({ ...validOrder(), company_id: companies.child });
    await expect.poll(() => events.filter((e) => e.id === order.id).length).toBe(1);
    expect(events.find((e) => e.id === order.id)?.companyId).toBe(companies.child);
    expect((await markPaid(order.bill_id ?? 0)).statusCode).toBe(200);
    expect((await move(order.id, 5)).statusCode).toBe(200);
    await expect.poll(() => events.filter((e) => e.id === order.id).length).toBe(3);
    expect(events.every((e) => e.companyId === companies.child)).toBe(true);
    unsubscribe();
  });
});

describe('order roles and tenants', () => {
  it('viewer and manager may not create (403); an admin orders for a child but not for another company (404)', async () => {
    expect((await call('create', validOrder(), tokens.viewer)).statusCode).toBe(403);
    expect((await call('create', validOrder(), tokens.manager)).statusCode).toBe(403);
    expect((await call('create', { ...validOrder(), company_id: companies.child }, tokens.admin)).statusCode).toBe(200);
    expect((await call('create', { ...validOrder(), company_id: companies.operator }, tokens.admin)).statusCode).toBe(404);
    expect((await call('create', { ...validOrder(), company_id: companies.operator }, tokens.root)).statusCode).toBe(200);
  });

  it('only root moves status or comments; another company’s order answers 404', async () => {
    const order = await createOrder();
    expect((await move(order.id, 4, tokens.admin)).statusCode).toBe(403);
    expect((await call('comment', { id: order.id, supplier_comment: 'x' }, tokens.admin)).statusCode).toBe(403);
    expect((await call('comment', { id: order.id, supplier_comment: 'Ships Monday' }, tokens.root)).statusCode).toBe(200);
    expect((await markPaid(order.bill_id ?? 0, tokens.admin)).statusCode).toBe(403);
    expect((await call('cancel', { id: order.id }, tokens.viewer)).statusCode).toBe(403);

    const foreign = await createOrder({ ...validOrder(), company_id: companies.operator }, tokens.root);
    expect((await call('get', { id: foreign.id }, tokens.admin)).statusCode).toBe(404);
    expect((await call('cancel', { id: foreign.id }, tokens.admin)).statusCode).toBe(404);
    expect((await call('get', { id: foreign.id }, tokens.agent)).statusCode).toBe(404);
    const list = z.object({ result: OrderListResult }).parse((await call('list', { page: 0, size: 500 }, tokens.admin)).json()).result;
    expect(list.items.some((o) => o.id === foreign.id)).toBe(false);
  });
});

describe('blocked company', () => {
  it('reads its orders but may not order or cancel (read-only cabinet)', async () => {
    const order = await createOrder();
    await t.database.db.execute(sql`update companies set blocked = true where id = ${companies.demo}`);
    try {
      expect((await call('list', { page: 0, size: 25 }, tokens.admin)).statusCode).toBe(200);
      const refused = await call('create', validOrder(), tokens.admin);
      expect(refused.statusCode).toBe(403);
      expect(ErrorAnswer.parse(refused.json()).code).toBe('company_blocked');
      expect((await call('cancel', { id: order.id }, tokens.admin)).statusCode).toBe(403);
      expect((await post(t.app, '/api/bills/pay_from_balance', { id: order.bill_id }, { token: tokens.admin })).statusCode).toBe(403);
    } finally {
      await t.database.db.execute(sql`update companies set blocked = false where id = ${companies.demo}`);
    }
  });
});
