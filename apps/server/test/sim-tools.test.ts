import { QuickSearchResult, SAVED_VIEWS_PER_USER, SavedView, SavedViewListResult } from '@cab/contract/sim-tools';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_REPORTS_API } from '@cab/contract/generated-reports';
import { queryRows } from '../src/db/client.js';
import { runGeneration } from '../src/modules/platform/generated-reports/runner.js';
import { DEMO_COMPANY, companyIdByName } from './support/db.js';
import { demoOwnSims, demoSim } from './support/sims.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;
let manager: string;
let viewer: string;
let other: string;
let demo: number;

beforeAll(async () => {
  t = await createTestApp();
  demo = await companyIdByName(t.database.db, DEMO_COMPANY);
  admin = (await login(t.app, 'admin@demo.local')).token;
  manager = (await login(t.app, 'manager@demo.local')).token;
  viewer = (await login(t.app, 'viewer@demo.local')).token;
  const [company] = await queryRows<{ id: number }>(t.database.db, sql`
    insert into companies (name, tax_number, contract, billing_type) values ('Tools Other Co', '9900000888', 'X-8', 1) returning id::int as id`);
  const { hashPassword } = await import('../src/auth/passwords.js');
  await t.database.db.execute(sql`
    insert into users (company_id, email, password_hash, first_name, last_name, role)
    values (${company?.id}, 'admin@tools-other.example', ${await hashPassword('other-password-1')}, 'Olga', 'Other', 'admin')`);
  // 10,050 SIMs of its own: more than an export may stream directly.
  await t.database.db.execute(sql`
    insert into sims (company_id, iccid, msisdn, profile)
    select ${company?.id}, '8970' || lpad(g::text, 15, '0'), '7977' || lpad(g::text, 7, '0'), 'BK' from generate_series(1, 10050) g`);
  other = (await login(t.app, 'admin@tools-other.example', 'other-password-1')).token;
}, 120_000);
afterAll(async () => t.close());

async function exportList(body: unknown, token = viewer, lang: 'en' | 'ru' = 'en') {
  return t.app.inject({ method: 'POST', url: `/api/sims/export?lang=${lang}`, headers: { authorization: `Bearer ${token}` }, payload: body as object });
}

describe('POST /api/sims/export', () => {
  it('streams the filtered, sorted list as CSV with every column', async () => {
    const res = await exportList({ format: 'csv', filter: { query: 'tracker 00', blocked: 0 }, sort: { iccid: 'desc' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="sims-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('ID,ICCID,Number,Name,Profile,Block,Company,"MSU, EUR",Package,"Limit, MB","Balance, EUR",External ID,Added (UTC)');
    const expected = demoOwnSims.filter((s) => s.name?.toLowerCase().includes('tracker 00')).map((s) => s.iccid).sort().reverse();
    // The child company's SIMs are not asked for (childs false), so only the company's own.
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(expected);
    expect(res.headers['x-export-rows']).toBe(String(expected.length));
  });

  it('writes XLSX a spreadsheet reads back, headers in the caller language', async () => {
    const res = await exportList({ format: 'xlsx', filter: { blocked: 0, profile: 'TC' } }, admin, 'ru');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(3).value).toBe('Номер');
    const tcOwn = demoOwnSims.filter((s) => s.profile === 'TC');
    expect((sheet?.rowCount ?? 0) - 1).toBe(tcOwn.length);
    const first = demoSim(0);
    const row = sheet?.getRow(2);
    expect(row?.getCell(2).value).toBe(tcOwn[0]?.iccid ?? first.iccid);
    expect(row?.getCell(11).value).toBe(10);
  });

  it('refuses a direct export of more than 10,000 SIMs, and bad input, changing nothing', async () => {
    const big = await exportList({ format: 'csv' }, other);
    expect(big.statusCode).toBe(413);
    expect(big.json<{ code: string; message: string }>()).toMatchObject({ code: 'export_too_large' });
    expect(big.json<{ message: string }>().message).toContain('10,000');
    expect((await exportList({ format: 'pdf' })).statusCode).toBe(400);
    expect((await exportList({ format: 'csv', filter: { query: 'x'.repeat(101) } })).statusCode).toBe(400);
    // A company outside the caller's scope is 404, as in the list.
    expect((await exportList({ format: 'csv', filter: { company: [demo] } }, other)).statusCode).toBe(404);
  });
});

describe('a SIM list export over 10,000 rows, as a background file (kind sims)', () => {
  it('writes every matching SIM, ICCID order, to a file in /generated_reports', async () => {
    const created = await post(t.app, GENERATED_REPORTS_API.create.path, { kind: 'sims', format: 'csv', request: { filter: { blocked: 0 } } }, { token: other });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ result: { id: number } }>().result;
    const [row] = await queryRows<{ company_id: number }>(t.database.db, sql`select company_id::int as company_id from generated_reports where id = ${id}`);
    await runGeneration({ db: t.database.db, bus: t.bus, files: t.files, progressIntervalMs: 0, staleSeconds: 60 }, { companyId: row?.company_id ?? 0, reportId: id });
    const file = await t.app.inject({ method: 'GET', url: `${GENERATED_REPORTS_API.download.path}?id=${id}`, headers: { authorization: `Bearer ${other}` } });
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    const lines = file.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(10_050 + 1);
    const iccids = lines.slice(1).map((line) => line.split(',')[1]);
    expect(iccids[0]).toBe(`8970${'1'.padStart(15, '0')}`);
    expect([...iccids].sort()).toEqual(iccids);
    const listed = await post(t.app, GENERATED_REPORTS_API.list.path, {}, { token: other });
    expect(listed.json()).toMatchObject({ result: { items: [{ id, kind: 'sims', state: 'ready', rows: 10_050 }] } });
  });

  async function backgroundExport(sort: Record<string, 'asc' | 'desc'>): Promise<string[]> {
    const created = await post(t.app, GENERATED_REPORTS_API.create.path, { kind: 'sims', format: 'csv', request: { filter: { blocked: 0 }, sort } }, { token: other });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ result: { id: number } }>().result;
    const [row] = await queryRows<{ company_id: number }>(t.database.db, sql`select company_id::int as company_id from generated_reports where id = ${id}`);
    await runGeneration({ db: t.database.db, bus: t.bus, files: t.files, progressIntervalMs: 0, staleSeconds: 60 }, { companyId: row?.company_id ?? 0, reportId: id });
    const file = await t.app.inject({ method: 'GET', url: `${GENERATED_REPORTS_API.download.path}?id=${id}`, headers: { authorization: `Bearer ${other}` } });
    return file.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1).map((line) => line.split(',')[1] ?? '');
  }

  it("keeps the list's sort across batches: ties, empty names and equal times included", async () => {
    const [company] = await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from companies where name = 'Tools Other Co'`);
    // Seven names shared by thousands of SIMs, and a third of the SIMs without one.
    await t.database.db.execute(sql`
      update sims set name = case when id % 3 = 0 then null else 'Meter ' || (id % 7) end where company_id = ${company?.id}`);
    const expected = async (order: string) =>
      (await queryRows<{ iccid: string }>(t.database.db, sql`
        select iccid from sims where company_id = ${company?.id} order by ${sql.raw(order)}`)).map((r) => r.iccid);
    expect(await backgroundExport({ name: 'desc' })).toEqual(await expected('name desc nulls last, id desc'));
    expect(await backgroundExport({ name: 'asc' })).toEqual(await expected('name asc nulls last, id asc'));
    expect(await backgroundExport({ msisdn: 'desc' })).toEqual(await expected('msisdn desc, id desc'));
    // Inserted by one statement: every SIM has the same time, so only the id orders them.
    expect(await backgroundExport({ added: 'desc' })).toEqual(await expected('created_at desc, id desc'));
  });

  it("checks the filter as the list does: another company's group is 404, a bad filter 400", async () => {
    const [group] = await queryRows<{ id: number }>(t.database.db, sql`
      insert into sim_groups (company_id, name) values (${demo}, 'export source test') returning id::int as id`);
    const foreign = await post(t.app, GENERATED_REPORTS_API.create.path, { kind: 'sims', format: 'xlsx', request: { filter: { blocked: 0, group: group?.id } } }, { token: other });
    expect(foreign.statusCode).toBe(404);
    const bad = await post(t.app, GENERATED_REPORTS_API.create.path, { kind: 'sims', format: 'xlsx', request: { filter: { blocked: 9 } } }, { token: other });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/sims/quick_search', () => {
  const search = (q: string, token = viewer) => post(t.app, '/api/sims/quick_search', { q }, { token });

  it('finds by part of an ICCID, a number, a name and an external id; an exact ICCID comes first', async () => {
    const sim = demoSim(42);
    const byIccid = QuickSearchResult.strict().parse((await search(sim.iccid.slice(-8))).json<{ result: unknown }>().result);
    expect(byIccid.items[0]?.iccid).toBe(sim.iccid);
    const exact = QuickSearchResult.parse((await search(sim.iccid)).json<{ result: unknown }>().result);
    expect(exact.items[0]?.iccid).toBe(sim.iccid);
    const byNumber = QuickSearchResult.parse((await search(sim.msisdn)).json<{ result: unknown }>().result);
    expect(byNumber.items.map((i) => i.msisdn)).toContain(sim.msisdn);
    const byName = QuickSearchResult.parse((await search('Tracker 01')).json<{ result: unknown }>().result);
    expect(byName.items.length).toBe(8);
    expect(byName.more).toBe(true);
    const byExternal = QuickSearchResult.parse((await search('EXT-45')).json<{ result: unknown }>().result);
    expect(byExternal.items.map((i) => i.external_id)).toContain('EXT-45');
  });

  it('finds by the start of an IMEI', async () => {
    const [sim] = await queryRows<{ id: number }>(t.database.db, sql`
      select id::int as id from sims where company_id = ${demo} and iccid = ${demoSim(7).iccid}`);
    await t.database.db.execute(sql`
      insert into sim_network_state (company_id, sim_id, imei) values (${demo}, ${sim?.id}, '359881234567890')
      on conflict (company_id, sim_id) do update set imei = excluded.imei`);
    const found = QuickSearchResult.parse((await search('35988123')).json<{ result: unknown }>().result);
    expect(found.items.map((i) => i.id)).toEqual([sim?.id]);
    expect(found.items[0]?.imei).toBe('359881234567890');
  });

  it("never shows another company's SIMs and bounds the query", async () => {
    const foreign = QuickSearchResult.parse((await search(demoSim(42).iccid, other)).json<{ result: unknown }>().result);
    expect(foreign.items).toEqual([]);
    expect((await search('ab')).statusCode).toBe(400);
    expect((await search('x'.repeat(51))).statusCode).toBe(400);
    const escaped = QuickSearchResult.parse((await search('%%%')).json<{ result: unknown }>().result);
    expect(escaped.items).toEqual([]);
  });
});

describe('saved views', () => {
  const state = {
    filter: { query: 'tracker', profile: 'TC', blocked: 2, childs: false, company: null, empty_name: false, group: null },
    columns: ['iccid', 'name', 'profile'],
    sort: { column: 'name', type: 'desc' },
  };
  const create = (body: unknown, token = viewer) => post(t.app, '/api/views/create', body, { token });
  const list = async (token: string) => SavedViewListResult.parse((await post(t.app, '/api/views/list', {}, { token })).json<{ result: unknown }>().result);

  it('creates a personal view that only its author sees, and restores it as saved', async () => {
    const res = await create({ name: 'My trackers', state });
    expect(res.statusCode, res.body).toBe(200);
    const view = SavedView.strict().parse(res.json<{ result: unknown }>().result);
    expect(view).toMatchObject({ name: 'My trackers', shared: false, editable: true, state });
    expect((await list(viewer)).items.map((v) => v.id)).toContain(view.id);
    expect((await list(manager)).items.map((v) => v.id)).not.toContain(view.id);
    expect((await post(t.app, '/api/views/update', { id: view.id, name: 'stolen' }, { token: manager })).statusCode).toBe(404);
  });

  it('shares a view with the company: managers may share, viewers may not; admins look after shared ones', async () => {
    expect((await create({ name: 'Shared by viewer', shared: true, state })).statusCode).toBe(403);
    const shared = SavedView.parse((await create({ name: 'Blocked TC', shared: true, state }, manager)).json<{ result: unknown }>().result);
    const seen = (await list(viewer)).items.find((v) => v.id === shared.id);
    expect(seen).toMatchObject({ shared: true, editable: false });
    expect((await post(t.app, '/api/views/delete', { id: shared.id }, { token: viewer })).statusCode).toBe(403);
    const renamed = await post(t.app, '/api/views/update', { id: shared.id, name: 'Blocked TC (admin)' }, { token: admin });
    expect(renamed.json()).toMatchObject({ result: { name: 'Blocked TC (admin)', editable: true } });
    expect((await list(other)).items).toEqual([]);
    expect((await post(t.app, '/api/views/delete', { id: shared.id }, { token: other })).statusCode).toBe(404);
    expect((await post(t.app, '/api/views/delete', { id: shared.id }, { token: manager })).statusCode).toBe(200);
    expect((await list(viewer)).items.map((v) => v.id)).not.toContain(shared.id);
  });

  it('validates names, state and the per-user limit', async () => {
    expect((await create({ name: 'x'.repeat(61), state })).statusCode).toBe(400);
    expect((await create({ name: '   ', state })).statusCode).toBe(400);
    expect((await create({ name: 'Bad', state: { ...state, columns: ['nope'] } })).statusCode).toBe(400);
    expect((await create({ name: 'Bad', state: { ...state, extra: 1 } })).statusCode).toBe(400);
    const dup = await create({ name: 'MY TRACKERS', state });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'view_name_taken' });
    const have = (await list(viewer)).items.filter((v) => v.owner.first_name && !v.shared).length;
    for (let i = have; i < SAVED_VIEWS_PER_USER; i++) expect((await create({ name: `View ${i}`, state })).statusCode).toBe(200);
    const over = await create({ name: 'One too many', state });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'view_limit_reached' });
    expect(over.json<{ message: string }>().message).toContain(String(SAVED_VIEWS_PER_USER));
  });

  it('is not for API tokens (no person to keep views for)', async () => {
    const created = await post(t.app, '/api/tokens/create', { name: 'views test' }, { token: admin });
    const secret = created.json<{ result: { secret: string } }>().result.secret;
    expect((await post(t.app, '/api/views/list', {}, { token: secret })).statusCode).toBe(403);
  });
});
