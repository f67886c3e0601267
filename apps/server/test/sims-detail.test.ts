import { SimDetail, SimUsageResult } from '@cab/contract/sims';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/client.js';
import { demoImsi } from '../src/seed/demo-stock.js';
import { StrictErrorBody, demoCompanies, demoSim, simIdOf, sqlIds, type DemoCompanies } from './support/sims.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;
let c: DemoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin@demo.local')).token;
  c = await demoCompanies(t.database.db);
});
afterAll(async () => t.close());

const StrictDetail = z.strictObject({
  result: SimDetail.extend({
    groups: z.array(z.object({ id: z.number(), name: z.string() }).strict()),
    network: SimDetail.shape.network.unwrap().strict().nullable(),
  }).strict(),
});
const StrictUsage = z.strictObject({ result: SimUsageResult.extend({ items: z.array(SimUsageResult.shape.items.element.strict()) }).strict() });
const call = (path: string, body: unknown, token = admin, lang: 'en' | 'ru' = 'en') => post(t.app, `/api/sims/${path}`, body, { token, lang });
const detail = async (id: number, token = admin) => StrictDetail.parse((await call('get', { id }, token)).json()).result;

describe('POST /api/sims/get', () => {
  it('answers the strict SimDetail with groups (by name) and the default offline network state', async () => {
    const n = 7;
    const id = await simIdOf(t.database.db, n);
    const [b, a] = await sqlIds(t.database.db, sql`
      insert into sim_groups (company_id, name) values (${c.demo}, 'b-group'), (${c.demo}, 'A-group') returning id::int as id`);
    for (const g of [a, b]) await t.database.db.execute(sql`insert into sim_group_members (company_id, group_id, sim_id) values (${c.demo}, ${g}, ${id})`);
    const { n: _n, ...seeded } = demoSim(n);
    expect(await detail(id)).toEqual({
      ...seeded,
      id,
      company_id: c.demo,
      company_name: 'Demo Logistics LLC',
      added: expect.any(Number) as number,
      // Every demo SIM has its stock card's IMSI.
      imsi: demoImsi(n),
      block_reason: null,
      m25_id: null,
      month_spend: 0,
      groups: [{ id: a, name: 'A-group' }, { id: b, name: 'b-group' }],
      labels: [],
      imei_lock: null,
      network: { online: false, last_seen: null, imei: null, cell: null, rat: null, session_started: null, operator: null, hlr: null },
    });
  });

  it('shows what the network knows of the SIM', async () => {
    const id = await simIdOf(t.database.db, 8);
    await t.database.db.execute(sql`
      insert into sim_network_state (company_id, sim_id, online, last_seen_at, imei, cell, rat, session_started_at)
      values (${c.demo}, ${id}, true, to_timestamp(1767225600), '356938035643809', '250-01-1234-5678', 'LTE', to_timestamp(1767222000))`);
    expect((await detail(id)).network).toEqual({
      online: true, last_seen: 1_767_225_600, imei: '356938035643809', cell: '250-01-1234-5678', rat: 'LTE', session_started: 1_767_222_000, operator: null, hlr: null,
    });
  });

  it("answers 404 for another company's SIM and for a made-up id", async () => {
    const [foreign] = await sqlIds(t.database.db, sql`
      insert into sims (company_id, iccid, msisdn, profile) values (${c.operator}, '8970177777777777770', '79000000002', 'BK') returning id::int as id`);
    expect((await call('get', { id: foreign })).json()).toEqual({ message: 'Not found', code: 'not_found' });
    expect((await call('get', { id: 987_654_321 })).statusCode).toBe(404);
    const agent = (await login(t.app, 'agent@demo.local')).token;
    const demoSimId = await simIdOf(t.database.db, 1);
    expect((await call('get', { id: demoSimId }, agent)).statusCode).toBe(200);
    await t.database.db.execute(sql`update companies set agent_company_id = null where id = ${c.demo}`);
    try {
      expect((await call('get', { id: demoSimId }, agent)).statusCode).toBe(404);
      expect((await call('usage', { id: demoSimId, page: 0, size: 10 }, agent)).statusCode).toBe(404);
    } finally {
      await t.database.db.execute(sql`update companies set agent_company_id = ${c.agency} where id = ${c.demo}`);
    }
    expect((await call('update', { id: foreign, name: 'x' })).statusCode).toBe(404);
    expect((await call('usage', { id: foreign, page: 0, size: 10 })).statusCode).toBe(404);
  });
});

describe('POST /api/sims/update', () => {
  it('renames, sets the MSU cap and the external id: persisted, audited, announced', async () => {
    const id = await simIdOf(t.database.db, 9);
    const publish = vi.spyOn(t.bus, 'publish');
    try {
      const res = await call('update', { id, name: '  Truck 9  ', msu: 12.5, external_id: 'ERP-9' });
      expect(res.statusCode).toBe(200);
      expect(StrictDetail.parse(res.json()).result).toMatchObject({ id, name: 'Truck 9', msu: 12.5, external_id: 'ERP-9' });
      expect(publish).toHaveBeenCalledWith({ companyId: c.demo }, { type: 'sim_update', data: { id } });
    } finally {
      publish.mockRestore();
    }
    const [row] = await queryRows<{ name: string | null; msu_cents: number | null; external_id: string | null }>(
      t.database.db, sql`select name, msu_cents, external_id from sims where id = ${id}`);
    expect(row).toEqual({ name: 'Truck 9', msu_cents: 1250, external_id: 'ERP-9' });
    const audit = await queryRows<{ company_id: number; user_id: number; details: unknown }>(t.database.db, sql`
      select company_id::int as company_id, user_id::int as user_id, details from audit_log where action = 'sim_update' order by id desc limit 1`);
    const [adminUser] = await sqlIds(t.database.db, sql`select id::int as id from users where email = 'admin@demo.local'`);
    expect(audit).toEqual([{ company_id: c.demo, user_id: adminUser, details: { id, name: 'Truck 9', msu: 12.5, external_id: 'ERP-9' } }]);

    // Only the fields sent change; null and an empty name clear.
    const cleared = await call('update', { id, name: '', msu: null });
    expect(StrictDetail.parse(cleared.json()).result).toMatchObject({ name: null, msu: null, external_id: 'ERP-9' });
    expect((await detail(id)).name).toBeNull();
  });

  it('viewer 403, blocked company 403 company_blocked; nothing changes', async () => {
    const id = await simIdOf(t.database.db, 10);
    const viewer = (await login(t.app, 'viewer@demo.local')).token;
    expect((await call('update', { id, name: 'x' }, viewer)).json()).toEqual({ message: 'You do not have permission to do this', code: 'forbidden' });
    await t.database.db.execute(sql`update companies set blocked = true where id = ${c.demo}`);
    try {
      const res = await call('update', { id, name: 'x' }, admin, 'ru');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Компания заблокирована: кабинет доступен только для просмотра', code: 'company_blocked' });
      expect((await call('get', { id })).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(sql`update companies set blocked = false where id = ${c.demo}`);
    }
    expect((await detail(id)).name).toBe(demoSim(10).name);
  });

  it('rejects out-of-bounds input with per-field messages', async () => {
    const id = await simIdOf(t.database.db, 11);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: 'x'.repeat(101) }, { name: 'The value is too long' }],
      [{ external_id: 'x'.repeat(101) }, { external_id: 'The value is too long' }],
      [{ msu: -1 }, { msu: 'Wrong value' }],
      [{ msu: 0.001 }, { msu: 'Wrong value' }],
      [{ msu: 100_000.01 }, { msu: 'The value is too long' }],
      [{ foo: 1 }, { foo: 'Unknown field' }],
    ];
    for (const [body, fields] of cases) {
      const res = await call('update', { id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(StrictErrorBody.parse(res.json())).toEqual({ message: 'Wrong input data', code: 'validation_failed', fields });
    }
    expect((await detail(id)).name).toBe(demoSim(11).name);
    expect((await call('update', { id, name: 'y'.repeat(100) })).statusCode).toBe(200);
  });
});

describe('POST /api/sims/usage', () => {
  it('pages newest first, filters by kind, answers the strict shape', async () => {
    const id = await simIdOf(t.database.db, 12);
    const other = await simIdOf(t.database.db, 13);
    const base = 1_767_225_600;
    await t.database.db.execute(sql`
      insert into sim_usage (company_id, sim_id, kind, direction, started_at, bytes, seconds, text, cost_cents)
      select ${c.demo}, ${id}, k.kind, k.direction, to_timestamp(${base} + g * 60), k.bytes, k.seconds, k.text, g
      from generate_series(1, 9) g
      cross join lateral (select case g % 3 when 0 then 'data' when 1 then 'sms' else 'call' end as kind) kk
      cross join lateral (select kk.kind,
        case when kk.kind = 'data' then null else 'out' end as direction,
        case when kk.kind = 'data' then 1048576 * g else null end::bigint as bytes,
        case when kk.kind = 'call' then 30 * g else null end as seconds,
        case when kk.kind = 'sms' then 'hello ' || g else null end as text) k`);
    await t.database.db.execute(sql`
      insert into sim_usage (company_id, sim_id, kind, started_at, cost_cents) values (${c.demo}, ${other}, 'data', to_timestamp(${base}), 1)`);
    const usage = async (body: Record<string, unknown>) => StrictUsage.parse((await call('usage', { id, ...body })).json()).result;

    const first = await usage({ page: 0, size: 4 });
    expect(first.total).toBe(9);
    expect(first.items.map((u) => u.started)).toEqual([9, 8, 7, 6].map((g) => base + g * 60));
    expect(first.items[0]).toEqual({ id: expect.any(Number) as number, kind: 'data', direction: null, started: base + 540, bytes: 9 * 1_048_576, seconds: null, text: null, cost: 0.09 });
    expect(first.items[1]).toMatchObject({ kind: 'call', direction: 'out', seconds: 240, bytes: null, text: null, cost: 0.08 });
    expect(first.items[2]).toMatchObject({ kind: 'sms', direction: 'out', text: 'hello 7', seconds: null });
    expect((await usage({ page: 2, size: 4 })).items.map((u) => u.started)).toEqual([base + 60]);
    const sms = await usage({ page: 0, size: 10, kind: 'sms' });
    expect([sms.total, sms.items.map((u) => u.text)]).toEqual([3, ['hello 7', 'hello 4', 'hello 1']]);
    expect(await usage({ page: 5, size: 10 })).toEqual({ items: [], total: 9 });
    for (const bad of [{ page: 0, size: 0 }, { page: 0, size: 101 }, { page: 0, size: 10, kind: 'mms' }]) {
      expect((await call('usage', { id, ...bad })).statusCode).toBe(400);
    }
  });
});
