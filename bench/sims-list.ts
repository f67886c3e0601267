// Seeds 1,000,000 SIMs on PostgreSQL (one company with 300,000) once, then prints p50/p95 of the
// cards list call through the HTTP API for every filter, substring search, deep page and sort, with
// the total the API answered beside a plain count(*) of the same filter, so a wrong total shows.
// Run: npx tsx --conditions=source bench/sims-list.ts   (BENCH_DATABASE_URL to change the database)
import { sql } from 'drizzle-orm';
import { SIM_COUNT_CAP, SimListRequest } from '@cab/contract/sims';
import { queryRows, type Database } from '../apps/server/src/db/client.js';
import { parseCsvFilter } from '../apps/server/src/modules/sims/list/csv-filter.js';
import { simWhere } from '../apps/server/src/modules/sims/list/list-query.js';
import { companies } from '../apps/server/src/db/schema.js';
import { countRows, insertSims, openBenchDatabase, percentile } from './support/bench-db.js';
import { createBenchUser, loginAs, startBenchApi } from './support/bench-app.js';

const TOTAL = 1_000_000;
const BIG = 300_000;
const SMALL = 5_000;
const RUNS = 40;
const WARMUP = 5;

async function seed(database: Database): Promise<{ bigId: number; parentId: number }> {
  const existing = await queryRows<{ id: number }>(database.db, sql`select id::int as id from companies where name = 'Bench Big' limit 1`);
  if ((await countRows(database, 'sims')) >= TOTAL && existing[0]) {
    const parent = await queryRows<{ id: number }>(database.db, sql`select id::int as id from companies where name = 'Bench Parent'`);
    return { bigId: existing[0].id, parentId: parent[0]?.id ?? 0 };
  }
  console.log('seeding 1,000,000 SIMs (once)…');
  await database.db.execute(sql`truncate sims, companies, users, refresh_tokens, sim_groups, sim_group_members, queue_items, queue_results restart identity`);
  const [root] = await database.db.insert(companies).values({ name: 'Bench Operator' }).returning();
  const [big] = await database.db.insert(companies).values({ name: 'Bench Big', billingType: 1 }).returning();
  const [parent] = await database.db.insert(companies).values({ name: 'Bench Parent' }).returning();
  if (!root || !big || !parent) throw new Error('seed failed');
  await createBenchUser(database, root.id, 'root@bench.local', 'root');
  await createBenchUser(database, big.id, 'admin@bench.local', 'admin');
  let serial = 1;
  const started = Date.now();
  for (let done = 0; done < BIG; done += 100_000) {
    await insertSims(database, big.id, serial, 100_000);
    serial += 100_000;
  }
  const smallCount = (TOTAL - BIG) / SMALL;
  for (let i = 0; i < smallCount; i++) {
    const [c] = await database.db
      .insert(companies)
      .values({ name: `Bench Customer ${i + 1}`, parentId: i < 3 ? parent.id : null })
      .returning();
    if (!c) throw new Error('seed failed');
    await insertSims(database, c.id, serial, SMALL);
    serial += SMALL;
  }
  await database.db.execute(sql`
    with g as (insert into sim_groups (company_id, name) values (${big.id}, 'Bench group') returning company_id, id)
    insert into sim_group_members (company_id, group_id, sim_id)
    select g.company_id, g.id, s.id from g join sims s on s.company_id = g.company_id where s.id % 30 = 0`);
  // Fresh rows need the visibility map set for index-only scans, as autovacuum would do in time.
  await database.db.execute(sql`vacuum analyze`);
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { bigId: big.id, parentId: parent.id };
}

async function main(): Promise<void> {
  const database = await openBenchDatabase();
  const { bigId, parentId } = await seed(database);
  const api = await startBenchApi(database);
  const admin = await loginAs(api.address, 'admin@bench.local');
  const root = await loginAs(api.address, 'root@bench.local');
  const sample = await queryRows<{ iccid: string; msisdn: string }>(database.db, sql`
    select iccid, msisdn from sims where company_id = ${bigId} order by id limit 1000 offset 5000`);
  const one = sample[0];
  const groups = await queryRows<{ id: number }>(database.db, sql`select id::int as id from sim_groups where company_id = ${bigId}`);
  const csv = sample.map((s, i) => (i % 2 ? s.iccid : `${s.iccid};${s.msisdn}`)).join('\n');

  const children = await queryRows<{ id: number }>(database.db, sql`select id::int as id from companies where parent_id = ${parentId}`);
  /** The uncapped truth: count(*) over the same filter in the scope the caller has. */
  async function exactCount(body: Record<string, unknown>, asRoot: boolean): Promise<number> {
    const { filter, childs } = SimListRequest.parse({ page: 0, size: 25, ...body });
    const { csv, company, ...rest } = filter;
    const scope = !asRoot ? [bigId] : company?.length ? [...company, ...(childs ? children.map((c) => c.id) : [])] : null;
    const where = simWhere({ scope, filter: rest, csv: csv === undefined ? null : parseCsvFilter(csv) });
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from sims s where ${where}`);
    return Number(rows[0]?.n ?? 0);
  }

  type Scenario = [string, Record<string, unknown>, string?];
  const scenarios: Scenario[] = [
    ['no filter', {}],
    ['profile TC', { filter: { profile: 'TC' } }],
    ['blocked', { filter: { blocked: 1 } }],
    ['not blocked', { filter: { blocked: 2 } }],
    ['blocked by MSU', { filter: { blocked: 3 } }],
    ['empty name', { filter: { empty_name: true } }],
    ['search: one ICCID (hits 1)', { filter: { query: one?.iccid.slice(4, 18) } }],
    ['search: number prefix (hits few)', { filter: { query: one?.msisdn.slice(0, 10) } }],
    ['search: "sensor" (hits 100k)', { filter: { query: 'sensor' } }],
    ['search: "sensor" + TC + blocked', { filter: { query: 'sensor', profile: 'TC', blocked: 1 } }],
    ['CSV of 1,000 SIMs', { filter: { csv } }],
    ['group (10k SIMs)', { filter: { group: groups[0]?.id } }],
    ['group, last page', { page: 399, filter: { group: groups[0]?.id } }],
    ['group + blocked + TC', { filter: { group: groups[0]?.id, blocked: 1, profile: 'TC' } }],
    ['MSU + TC', { filter: { blocked: 3, profile: 'TC' } }],
    ['empty name + not blocked + TD', { filter: { empty_name: true, blocked: 2, profile: 'TD' } }],
    ['deep page (last within the cap)', { page: SIM_COUNT_CAP / 25 - 1 }],
    ['root: all 1M SIMs', {}, root],
    ['root: parent company with children', { childs: true, filter: { company: [parentId] } }, root],
    ['root: blocked by MSU, all companies', { filter: { blocked: 3 } }, root],
    ['root: "sensor", all companies', { filter: { query: 'sensor' } }, root],
  ];
  for (const column of ['iccid', 'msisdn', 'name', 'profile', 'block_type', 'company', 'added']) {
    for (const dir of ['asc', 'desc']) scenarios.push([`sort ${column} ${dir}`, { sort: { [column]: dir } }]);
  }
  scenarios.push(['sort name desc + search 100k', { sort: { name: 'desc' }, filter: { query: 'sensor' } }]);

  console.log(`\ncards list through the API, ${RUNS} calls each (ms); count: exact up to ${SIM_COUNT_CAP.toLocaleString('en')}, "${SIM_COUNT_CAP.toLocaleString('en')}+" beyond\n`);
  console.log(`${'scenario'.padEnd(40)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}  ${'total'.padEnd(8)} exact count`);
  let worst = 0;
  let wrong = 0;
  for (const [name, body, token] of scenarios) {
    const times: number[] = [];
    // Every call's total is kept: a count that depends on load shows as more than one value.
    const totals = new Set<string>();
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const started = performance.now();
      const res = await fetch(`${api.address}/api/sims/list?lang=en`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token ?? admin}` },
        body: JSON.stringify({ page: 0, size: 25, ...body }),
      });
      const json = (await res.json()) as { result?: { total: number; total_exact: boolean }; message?: string };
      const elapsed = performance.now() - started;
      if (!json.result) throw new Error(`${name}: ${res.status} ${json.message ?? ''}`);
      totals.add(`${json.result.total.toLocaleString('en')}${json.result.total_exact ? '' : '+'}`);
      if (i >= WARMUP) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    const total = [...totals].join(' / ');
    const exact = await exactCount(body, token === root);
    const expected = exact > SIM_COUNT_CAP ? `${SIM_COUNT_CAP.toLocaleString('en')}+` : exact.toLocaleString('en');
    if (expected !== total) wrong++;
    const mark = expected === total ? '' : '  WRONG';
    console.log(`${name.padEnd(40)} ${percentile(times, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)}  ${total.padEnd(8)} ${exact.toLocaleString('en')}${mark}`);
  }
  console.log(`\nworst p95: ${worst.toFixed(1)} ms (budget 50 ms) — ${worst <= 50 ? 'within budget' : 'OVER BUDGET'}; wrong totals: ${wrong}`);
  await api.close();
  await database.close();
}

await main();
