import { SIM_PROFILES } from '@cab/contract/constants';
import { SIM_SORT_COLUMNS } from '@cab/contract/constants';
import type { SimListRequest } from '@cab/contract/sims';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEMO_ALL_SIMS,
  DEMO_OWN_SIMS,
  StrictErrorBody,
  StrictListBody,
  demoCompanies,
  demoOwnSims,
  demoSim,
  listOk,
  listSims,
  simIdOf,
  sqlIds,
  sqlNumber,
  type DemoCompanies,
} from './support/sims.js';
import { createTestApp, login, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;
let root: string;
let agent: string;
let c: DemoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin@demo.local')).token;
  root = (await login(t.app, 'root@demo.local')).token;
  agent = (await login(t.app, 'agent@demo.local')).token;
  c = await demoCompanies(t.database.db);
});
afterAll(async () => t.close());

const page = (filter: SimListRequest['filter'] = {}, extra: Partial<SimListRequest> = {}): SimListRequest => ({ page: 0, size: 500, filter, ...extra });
const ids = async (token: string, body: SimListRequest) => (await listOk(t, token, body)).items.map((s) => s.id);
const count = async (body: SimListRequest, token = admin) => (await listOk(t, token, body)).total;

describe('POST /api/sims/list: shape, company scope, pagination', () => {
  it('answers the strict shape with the seeded values; default company is the own one, childs adds the child', async () => {
    const res = await listSims(t, admin, { page: 0, size: 1 });
    const { result } = StrictListBody.parse(res.json());
    const { n: _n, ...first } = demoSim(0);
    expect(result).toEqual({
      items: [{ ...first, id: await simIdOf(t.database.db, 0), company_id: c.demo, company_name: 'Demo Logistics LLC', added: expect.any(Number) as number, labels: [] }],
      total: DEMO_OWN_SIMS,
      total_exact: true,
    });
    expect(Math.abs((result.items[0]?.added ?? 0) - Date.now() / 1000)).toBeLessThan(600);
    expect(await count(page({}, { childs: true }))).toBe(DEMO_ALL_SIMS);
  });

  it('pages are zero-based and disjoint, in ICCID order by default; size and page are bounded', async () => {
    const expected = await sqlIds(t.database.db, sql`select id::int as id from sims where company_id = ${c.demo} order by iccid limit 50`);
    const first = await ids(admin, { page: 0, size: 25 });
    const second = await ids(admin, { page: 1, size: 25 });
    expect([...first, ...second]).toEqual(expected);
    for (const bad of [{ page: 0, size: 0 }, { page: 0, size: 501 }, { page: -1, size: 25 }, { page: 0, size: 25, extra: 1 }]) {
      const res = await listSims(t, admin, bad);
      expect(res.statusCode).toBe(400);
      expect(StrictErrorBody.parse(res.json()).code).toBe('validation_failed');
    }
  });

  it('company filter: own child alone, own with children; another company answers 404', async () => {
    const child = await listOk(t, admin, page({ company: [c.child] }));
    expect(child.total).toBe(DEMO_ALL_SIMS - DEMO_OWN_SIMS);
    expect(new Set(child.items.map((s) => s.company_name))).toEqual(new Set(['Demo Logistics North']));
    expect(await count(page({ company: [c.demo] }))).toBe(DEMO_OWN_SIMS);
    expect(await count(page({ company: [c.demo] }, { childs: true }))).toBe(DEMO_ALL_SIMS);
    for (const other of [c.operator, c.agency, 987_654]) {
      const res = await listSims(t, admin, page({ company: [c.demo, other] }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });

  it('root without a company filter sees every company; with one, only that company', async () => {
    await t.database.db.execute(sql`
      insert into sims (company_id, iccid, msisdn, profile) values (${c.operator}, '8970199999999999990', '79000000001', 'BK')`);
    try {
      const all = await listOk(t, root, page({ query: '7900000000' }));
      expect(all.items.map((s) => s.company_name)).toEqual(['M2M Operator']);
      expect(await count(page(), root)).toBe(DEMO_ALL_SIMS + 1);
      expect(await count(page({ company: [c.child] }), root)).toBe(DEMO_ALL_SIMS - DEMO_OWN_SIMS);
    } finally {
      await t.database.db.execute(sql`delete from sims where company_id = ${c.operator}`);
    }
  });

  it('an agent sees only the companies it referred (with their children)', async () => {
    await t.database.db.execute(sql`update companies set agent_company_id = null where id = ${c.demo}`);
    try {
      const none = await listSims(t, agent, page());
      expect(none.statusCode).toBe(200);
      expect(StrictListBody.parse(none.json()).result).toEqual({ items: [], total: 0, total_exact: true });
      expect((await listSims(t, agent, page({ company: [c.demo] }))).statusCode).toBe(404);
    } finally {
      await t.database.db.execute(sql`update companies set agent_company_id = ${c.agency} where id = ${c.demo}`);
    }
    expect(await count(page(), agent)).toBe(DEMO_ALL_SIMS);
    expect(await count(page({ company: [c.child] }), agent)).toBe(DEMO_ALL_SIMS - DEMO_OWN_SIMS);
  });
});

describe('POST /api/sims/list: filters', () => {
  const expectedIds = async (pick: (n: number) => boolean) =>
    Promise.all(demoOwnSims.filter((s) => pick(s.n)).map((s) => simIdOf(t.database.db, s.n)));
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

  it('query: substring of ICCID, of number, of name in any case', async () => {
    const iccidPart = demoSim(1234).iccid.slice(8, 19);
    const cases: Array<[string, (n: number) => boolean]> = [
      [iccidPart, (n) => demoSim(n).iccid.includes(iccidPart)],
      ['958100077', (n) => n >= 770 && n <= 779],
      ['TRACKER 012', (n) => (demoSim(n).name ?? '').toLowerCase().includes('tracker 012')],
    ];
    for (const [query, pick] of cases) {
      const want = await expectedIds(pick);
      expect(want.length).toBeGreaterThan(0);
      expect(sorted(await ids(admin, page({ query })))).toEqual(sorted(want));
    }
  });

  it('query: LIKE metacharacters match literally; Cyrillic names match in any case; words with a number match whole', async () => {
    const renamed: Array<[number, string]> = [[1, 'Fleet 100% A'], [2, 'Fleet 100x B'], [4, 'Car_1'], [5, 'CarX1'], [7, 'Трекер Москва'], [8, 'Трекер 77-5'], [10, 'Трекер 7 75']];
    for (const [n, name] of renamed) await t.database.db.execute(sql`update sims set name = ${name} where iccid = ${demoSim(n).iccid}`);
    const byQuery = async (query: string) => (await listOk(t, admin, page({ query }))).items.map((s) => s.name);
    expect(await byQuery('100%')).toEqual(['Fleet 100% A']);
    expect(await byQuery('%')).toEqual(['Fleet 100% A']);
    expect(await byQuery('car_1')).toEqual(['Car_1']);
    expect(await byQuery('_')).toEqual(['Car_1']);
    expect(await byQuery('  МОСКВА ')).toEqual(['Трекер Москва']);
    // Terms of words with a number ask the index for part of them (search-term.ts): still the whole term.
    expect(await byQuery('fleet 100%')).toEqual(['Fleet 100% A']);
    expect((await byQuery('fleet 100')).sort()).toEqual(['Fleet 100% A', 'Fleet 100x B']);
    expect(await byQuery('трекер 77')).toEqual(['Трекер 77-5']);
    expect(await byQuery('трекер 7 7')).toEqual(['Трекер 7 75']);
    expect(await byQuery('ер 77-5')).toEqual(['Трекер 77-5']);
    expect(await byQuery('трекер 77 5')).toEqual([]);
  });

  it('the OpenAPI document describes the spec\'s blocked and msu_block', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: { filter: { properties: Record<string, { description?: string }> } } } }> } } }>;
    }>();
    const filter = doc.paths['/api/sims/list']?.post.requestBody.content['application/json']?.schema.properties.filter.properties;
    expect(filter?.blocked?.description).toContain('3 blocked by MSU');
    expect(filter?.msu_block?.description).toContain('blocked by MSU');
  });

  it('profile, blocked (0..3), msu_block, empty_name', async () => {
    for (const profile of SIM_PROFILES) {
      const list = await listOk(t, admin, page({ profile }));
      expect(list.total).toBe(demoOwnSims.filter((s) => s.profile === profile).length);
      expect(list.items.every((s) => s.profile === profile)).toBe(true);
      expect(await count(page({ profile }, { childs: true }))).toBe(DEMO_ALL_SIMS / 5);
    }
    const blocked = demoOwnSims.filter((s) => s.block_type !== 'none').length;
    const msu = demoOwnSims.filter((s) => s.block_type === 'msu').length;
    expect([blocked, msu]).toEqual([500, 125]); // one in eight blocked, over four block types (no financial ones)
    expect(await count(page({ blocked: 0 }))).toBe(DEMO_OWN_SIMS);
    expect(await count(page({ blocked: 1 }))).toBe(blocked);
    expect(await count(page({ blocked: 2 }))).toBe(DEMO_OWN_SIMS - blocked);
    expect(await count(page({ blocked: 3 }))).toBe(msu);
    expect(await count(page({ msu_block: true }))).toBe(msu);
    // The spec's shape: `blocked` and `msu_block` together, as the web sends them.
    expect(await count(page({ blocked: 1, msu_block: true }))).toBe(msu);
    expect(await count(page({ blocked: 3, msu_block: true }))).toBe(msu);
    expect(await count(page({ blocked: 1, msu_block: false }))).toBe(blocked);
    expect(await count(page({ blocked: 2, msu_block: true }))).toBe(0);
    expect((await listOk(t, admin, page({ blocked: 3 }))).items.every((s) => s.block_type === 'msu')).toBe(true);
    expect((await listSims(t, admin, page({ blocked: 4 }))).statusCode).toBe(400);
    expect(await count(page({ empty_name: true }))).toBe(demoOwnSims.filter((s) => s.name === null).length);
    expect(await count(page({ empty_name: true, profile: 'TC', blocked: 2 }))).toBe(
      demoOwnSims.filter((s) => s.name === null && s.profile === 'TC' && s.block_type === 'none').length,
    );
  });

  it('group: exactly the members', async () => {
    const members = await Promise.all([3, 30, 300, 3000].map((n) => simIdOf(t.database.db, n)));
    const [group] = await sqlIds(t.database.db, sql`insert into sim_groups (company_id, name) values (${c.demo}, 'List filter') returning id::int as id`);
    for (const id of members) await t.database.db.execute(sql`insert into sim_group_members (company_id, group_id, sim_id) values (${c.demo}, ${group}, ${id})`);
    expect(sorted(await ids(admin, page({ group })))).toEqual(sorted(members));
    expect(await count(page({ group, profile: 'TC' }))).toBe([3, 30, 300, 3000].filter((n) => demoSim(n).profile === 'TC').length);
  });
});

describe('POST /api/sims/list: sorting and the count cap', () => {
  // SIMs without a name come last in both directions.
  const nullsLast = (column: string) => (column === 'name' ? ' nulls last' : '');

  it('sorts by every column both ways, as SQL does (unnamed SIMs last)', async () => {
    await t.database.db.execute(sql`update sims set created_at = now() - make_interval(hours => (id % 7)::int)`);
    const expressions: Record<(typeof SIM_SORT_COLUMNS)[number], string> = {
      iccid: 's.iccid', msisdn: 's.msisdn', name: 's.name', profile: 's.profile', block_type: 's.block_type', company: 'c.name', added: 's.created_at',
    };
    for (const column of SIM_SORT_COLUMNS) {
      for (const dir of ['asc', 'desc'] as const) {
        const expected = await sqlIds(t.database.db, sql`
          select s.id::int as id from sims s join companies c on c.id = s.company_id where s.company_id in (${c.demo}, ${c.child})
          order by ${sql.raw(expressions[column])} ${sql.raw(dir)}${sql.raw(nullsLast(column))}, s.id ${sql.raw(dir)} limit 60`);
        const got = [...(await ids(admin, page({}, { childs: true, size: 30, sort: { [column]: dir } }))),
          ...(await ids(admin, page({}, { childs: true, size: 30, page: 1, sort: { [column]: dir } })))];
        expect(got, `${column} ${dir}`).toEqual(expected);
      }
    }
    expect((await listSims(t, admin, page({}, { sort: { imei: 'asc' } as unknown as SimListRequest['sort'] }))).statusCode).toBe(400);
  });

  it("takes a new search term's total and page in one read of the SIMs, as plain SQL has them, by every sort", async () => {
    const dialect = new PgDialect();
    const execute = vi.spyOn(t.database.db, 'execute');
    const columns = { iccid: 's.iccid', msisdn: 's.msisdn', name: 's.name', profile: 's.profile', block_type: 's.block_type', added: 's.created_at' };
    try {
      let k = 0;
      for (const [column, expression] of Object.entries(columns)) {
        for (const dir of ['asc', 'desc'] as const) {
          // A term of its own each time: no count is remembered ("Tracker 0500" to "Tracker 0599", and so on).
          const term = `tracker ${String(5 + k++).padStart(2, '0')}`;
          const matches = sql`s.company_id = ${c.demo} and lower(coalesce(s.name, '')) like ${`%${term}%`}`;
          const total = await sqlNumber(t.database.db, sql`select count(*)::int as n from sims s where ${matches}`);
          const expected = await sqlIds(t.database.db, sql`
            select s.id::int as id from sims s where ${matches}
            order by ${sql.raw(expression)} ${sql.raw(dir)}${sql.raw(nullsLast(column))}, s.id ${sql.raw(dir)} limit 25 offset 25`);
          execute.mockClear();
          const got = await listOk(t, admin, { page: 1, size: 25, sort: { [column]: dir }, filter: { query: term } });
          const reads = execute.mock.calls.map(([query]) => dialect.sqlToQuery(query as SQL).sql).filter((text) => text.includes('sims s'));
          expect(reads, `${term} by ${column} ${dir}`).toHaveLength(1);
          expect([got.total, got.total_exact, got.items.map((item) => item.id)], `${term} by ${column} ${dir}`).toEqual([total, true, expected]);
          expect(expected.length).toBeGreaterThan(0);
        }
      }
    } finally {
      execute.mockRestore();
    }
  });

  it('caps the count at 10,000 (total_exact false) and pages beyond the cap are empty', async () => {
    const [big] = await sqlIds(t.database.db, sql`insert into companies (name) values ('Cap Test Co') returning id::int as id`);
    await t.database.db.execute(sql`
      insert into sims (company_id, iccid, msisdn, profile)
      select ${big}, '8970188' || lpad(g::text, 12, '0'), '7911' || lpad(g::text, 7, '0'), 'BK' from generate_series(1, 10050) g`);
    try {
      const capped = await listOk(t, root, { page: 0, size: 25, filter: { company: [big ?? 0] } });
      expect([capped.total, capped.total_exact, capped.items.length]).toEqual([10_000, false, 25]);
      expect((await listOk(t, root, { page: 19, size: 500, filter: { company: [big ?? 0] } })).items).toHaveLength(500);
      expect(await listOk(t, root, { page: 20, size: 500, filter: { company: [big ?? 0] } })).toEqual({ items: [], total: 10_000, total_exact: false });
      const narrow = await listOk(t, root, { page: 0, size: 25, filter: { company: [big ?? 0], query: '7911000010' } });
      expect([narrow.total, narrow.total_exact]).toEqual([10, true]);
    } finally {
      await t.database.db.execute(sql`delete from sims where company_id = ${big}`);
      await t.database.db.execute(sql`delete from companies where id = ${big}`);
    }
  });
});
