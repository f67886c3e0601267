// Usage reports on the 1M-SIM bench database (bench/sims-list.ts seeds the SIMs; run it first).
// Seeds, once and idempotently, 35 days of usage for the 300,000-SIM company "Bench Big" — one data
// session per SIM and day (10.5M raw session rows), SMS and calls for a third of them, the same for
// the three children of "Bench Parent", the daily rollups computed from those raw rows, and labels
// ("north" on a fifth of Bench Big's SIMs, "pilot" on 1,000). Then, through the product started from
// its build (`npm run build` first) and a client process of its own, times every report kind — the
// day report (chart, totals, first page), by SIM, the sessions and the call/SMS pages — over a
// 30-day range for every filter shape, and the home dashboard: p50 and p95 of ROUNDS rounds (min /
// median / max of the p95). Every answer's total is checked against plain SQL over the raw records.
// Run: npx tsx bench/reports.ts   (BENCH_DATABASE_URL, ROUNDS, CALLS to change them; ONLY=search for the shapes so named)
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/server/src/db/client.js';
import { rebuildCoarseRollups } from '../apps/server/src/modules/sims/usage/index.js';
import { BENCH_DATABASE_URL, openBenchDatabase, percentile } from './support/bench-db.js';
import { loginAs } from './support/bench-app.js';
import { startBuiltServer } from './support/built-server.js';
import { latencies, loadLine, median, spreadOf } from './support/load.js';

const DAYS = 35;
/** The seeded window: fixed, so a re-run finds its data and seeds nothing. */
const FIRST_DAY = '2026-09-01';
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CALLS = Number(process.env.CALLS ?? 40);
/** Only the filter shapes whose name holds this text (all when unset). */
const ONLY = process.env.ONLY ?? '';
const BUDGET_MS = 300;

/** One company's usage, once: returns whether it wrote any (the coarse rollups then need rebuilding). */
async function seedUsage(database: Database, companyId: number): Promise<boolean> {
  const [have] = await queryRows<{ n: string }>(database.db, sql`
    select count(*) as n from usage_sessions where company_id = ${companyId}
      and started_at >= ${FIRST_DAY}::timestamptz and started_at < ${FIRST_DAY}::timestamptz + ${`${DAYS} days`}::interval`);
  const [sims] = await queryRows<{ n: string }>(database.db, sql`select count(*) as n from sims where company_id = ${companyId}`);
  if (Number(have?.n ?? 0) >= Number(sims?.n ?? 0) * DAYS) return false;
  console.log(`seeding 35 days of usage for ${Number(sims?.n).toLocaleString('en')} SIMs of company ${companyId} (once)…`);
  const started = Date.now();
  for (const table of ['usage_sessions', 'usage_events', 'usage_daily']) {
    await database.db.execute(sql`delete from ${sql.identifier(table)} where company_id = ${companyId}`);
  }
  for (let d = 0; d < DAYS; d++) {
    const day = sql`(${FIRST_DAY}::date + ${d}::int)`;
    // One session per SIM and day; durations, traffic, RAT and network vary with the SIM id.
    await database.db.execute(sql`
      insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, bytes_up, bytes_down, rat, operator, country, cost_cents)
      select s.company_id, s.id, 'bench:' || s.id || ':' || ${d}::int,
             ${day}::timestamp at time zone 'UTC' + make_interval(secs => (s.id * 7919 + ${d} * 104729) % 80000),
             ${day}::timestamp at time zone 'UTC' + make_interval(secs => (s.id * 7919 + ${d} * 104729) % 80000 + 30 + (s.id + ${d}) % 3500),
             (s.id * 31 + ${d}) % 400000, (s.id * 17 + ${d} * 3) % 2000000,
             (array['2G','3G','4G','NB-IoT','LTE-M'])[1 + (s.id + ${d}) % 5],
             (array['250-01','250-02','250-99','250-01','401-01','262-01'])[1 + (s.id / 7 + ${d}) % 6],
             (array['RU','RU','RU','RU','KZ','DE'])[1 + (s.id / 7 + ${d}) % 6],
             1 + ((s.id * 17 + ${d} * 3) % 2000000) / 200000
      from sims s where s.company_id = ${companyId}`);
    // A third of the SIMs send or get an SMS, one in ten makes or takes a call.
    await database.db.execute(sql`
      insert into usage_events (company_id, sim_id, record_key, kind, direction, peer, started_at, seconds, operator, country, cost_cents)
      select s.company_id, s.id, 'bench:' || s.id || ':' || ${d}::int || ':' || k.kind, k.kind,
             case when (s.id + ${d}) % 2 = 0 then 'in' else 'out' end,
             '79' || lpad(((s.id * 13) % 1000000000)::text, 9, '0'),
             ${day}::timestamp at time zone 'UTC' + make_interval(secs => (s.id * 104729 + ${d}) % 86000),
             case when k.kind = 'call' then 5 + (s.id + ${d}) % 300 else 0 end,
             '250-01', 'RU',
             case when (s.id + ${d}) % 2 = 0 then 0 when k.kind = 'sms' then 3 else 8 * (1 + ((s.id + ${d}) % 300 + 5) / 60) end
      from sims s cross join (values ('sms'), ('call')) as k(kind)
      where s.company_id = ${companyId} and ((k.kind = 'sms' and (s.id + ${d}) % 3 = 0) or (k.kind = 'call' and (s.id + ${d}) % 10 = 0))`);
    // The rollups of the day, from the raw rows just written.
    await database.db.execute(sql`
      insert into usage_daily (company_id, sim_id, day, sessions, session_seconds, bytes_up, bytes_down, cost_cents)
      select company_id, sim_id, ${day}, count(*), sum(extract(epoch from ended_at)::bigint - extract(epoch from started_at)::bigint),
             sum(bytes_up), sum(bytes_down), sum(cost_cents)
      from usage_sessions where company_id = ${companyId}
        and started_at >= ${day}::timestamp at time zone 'UTC' and started_at < (${day} + 1)::timestamp at time zone 'UTC'
      group by company_id, sim_id`);
    await database.db.execute(sql`
      insert into usage_daily as d (company_id, sim_id, day, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents)
      select company_id, sim_id, ${day},
             count(*) filter (where kind = 'sms' and direction = 'in'), count(*) filter (where kind = 'sms' and direction = 'out'),
             count(*) filter (where kind = 'call' and direction = 'in'), count(*) filter (where kind = 'call' and direction = 'out'),
             coalesce(sum(seconds) filter (where kind = 'call'), 0), sum(cost_cents)
      from usage_events where company_id = ${companyId}
        and started_at >= ${day}::timestamp at time zone 'UTC' and started_at < (${day} + 1)::timestamp at time zone 'UTC'
      group by company_id, sim_id
      on conflict (company_id, sim_id, day) do update set sms_in = d.sms_in + excluded.sms_in, sms_out = d.sms_out + excluded.sms_out,
        calls_in = d.calls_in + excluded.calls_in, calls_out = d.calls_out + excluded.calls_out,
        call_seconds = d.call_seconds + excluded.call_seconds, cost_cents = d.cost_cents + excluded.cost_cents`);
    process.stdout.write(`  day ${d + 1}/${DAYS} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  await database.db.execute(sql`vacuum analyze usage_sessions`);
  await database.db.execute(sql`vacuum analyze usage_events`);
  await database.db.execute(sql`vacuum analyze usage_daily`);
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return true;
}


/** The report shapes: a filter (as the API takes it) and the SIMs it picks in plain SQL (company_id, id). */
interface FilterShape {
  name: string;
  filter: Record<string, unknown>;
  sims: SQL;
  /** Another company's SIMs: root asks. */
  asRoot?: boolean;
}

interface Truth {
  sessions: number;
  events: number;
  simDays: number;
  costCents: number;
}

/** What the raw records of the picked SIMs add up to in the range, in plain SQL. */
async function truthOf(database: Database, shape: FilterShape, from: string, to: string): Promise<Truth> {
  const [row] = await queryRows<Record<string, string>>(database.db, sql`
    with picked as materialized (${shape.sims}),
    s as (select u.sim_id, u.started_at, u.cost_cents from usage_sessions u join picked p on p.company_id = u.company_id and p.id = u.sim_id
          where u.started_at >= ${from}::timestamptz and u.started_at < ${to}::date + 1),
    e as (select u.sim_id, u.started_at, u.cost_cents from usage_events u join picked p on p.company_id = u.company_id and p.id = u.sim_id
          where u.started_at >= ${from}::timestamptz and u.started_at < ${to}::date + 1),
    days as (select sim_id, (started_at at time zone 'UTC')::date as day, cost_cents from s union all
             select sim_id, (started_at at time zone 'UTC')::date, cost_cents from e)
    select (select count(*) from s) as sessions, (select count(*) from e) as events,
           (select count(*) from (select distinct sim_id, day from days) x) as sim_days, (select coalesce(sum(cost_cents), 0) from days) as cost`);
  return { sessions: Number(row?.sessions), events: Number(row?.events), simDays: Number(row?.sim_days), costCents: Number(row?.cost) };
}

async function main(): Promise<void> {
  const database = await openBenchDatabase();
  const [big] = await queryRows<{ id: number }>(database.db, sql`select id::int as id from companies where name = 'Bench Big' limit 1`);
  const children = await queryRows<{ id: number }>(database.db, sql`
    select c.id::int as id from companies c join companies p on p.id = c.parent_id where p.name = 'Bench Parent' order by c.id`);
  const [parent] = await queryRows<{ id: number }>(database.db, sql`select id::int as id from companies where name = 'Bench Parent'`);
  if (!big || !parent) throw new Error('no "Bench Big" company: run bench/sims-list.ts first');
  const companies = [big.id, ...children.map((c) => c.id)];
  let seeded = false;
  for (const companyId of companies) seeded = (await seedUsage(database, companyId)) || seeded;
  const [rolled] = await queryRows<{ n: string }>(database.db, sql`select count(*) as n from usage_daily_profile where company_id = ${big.id}`);
  if (seeded || Number(rolled?.n) === 0) {
    await rebuildCoarseRollups(database.db, companies);
    await database.db.execute(sql`vacuum analyze usage_daily_company, usage_daily_profile`);
  }
  await database.db.execute(sql`
    insert into sim_labels (company_id, label, sim_id)
    select company_id, 'north', id from sims where company_id = ${big.id} and id % 5 = 2
    union all select company_id, 'pilot', id from (select company_id, id from sims where company_id = ${big.id} order by id offset 2000 limit 1000) p
    on conflict do nothing`);
  await database.db.execute(sql`analyze sim_labels`);

  const [group] = await queryRows<{ id: number }>(database.db, sql`select id::int as id from sim_groups where company_id = ${big.id} limit 1`);
  const sample = await queryRows<{ iccid: string; msisdn: string }>(database.db, sql`
    select iccid, msisdn from sims where company_id = ${big.id} order by id limit 1000 offset 7000`);
  const csv = sample.map((s, i) => (i % 2 ? s.iccid : s.msisdn)).join('\n');
  const list = (values: string[]) => `{${values.join(',')}}`;
  const from = new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + 29 * 86_400_000).toISOString().slice(0, 10);
  const bigSims = (where: SQL = sql`true`) => sql`select company_id, id from sims where company_id = ${big.id} and ${where}`;
  const shapes: FilterShape[] = [
    { name: 'whole company (300k)', filter: { company: [big.id] }, sims: bigSims() },
    { name: 'profile TC (60k)', filter: { company: [big.id], profile: 'TC' }, sims: bigSims(sql`profile = 'TC'`) },
    { name: 'group (10k)', filter: { group: group?.id }, sims: bigSims(sql`id in (select sim_id from sim_group_members where group_id = ${group?.id ?? 0})`) },
    { name: 'label north (60k)', filter: { label: 'north' }, sims: bigSims(sql`id in (select sim_id from sim_labels where company_id = ${big.id} and label = 'north')`) },
    { name: 'label pilot (1k)', filter: { label: 'pilot' }, sims: bigSims(sql`id in (select sim_id from sim_labels where company_id = ${big.id} and label = 'pilot')`) },
    { name: 'CSV of 1,000 SIMs', filter: { csv }, sims: bigSims(sql`(iccid = any(${list(sample.map((s) => s.iccid))}::text[]) or msisdn = any(${list(sample.map((s) => s.msisdn))}::text[]))`) },
    { name: 'search "sensor" (100k)', filter: { query: 'sensor' }, sims: bigSims(sql`strpos(lower(coalesce(name, '')), 'sensor') > 0`) },
    { name: 'parent with children (15k)', filter: { company: [parent.id], childs: true }, sims: sql`select company_id, id from sims where company_id = any(${`{${[parent.id, ...children.map((c) => c.id)].join(',')}}`}::bigint[])`, asRoot: true },
  ];

  const server = await startBuiltServer({ DATABASE_URL: BENCH_DATABASE_URL, ROLE: 'api', SEED_DEMO: '0', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42' });
  const admin = await loginAs(server.address, 'admin@bench.local');
  const root = await loginAs(server.address, 'root@bench.local');
  const kinds: Array<[string, string, Record<string, unknown>, (truth: Truth) => number]> = [
    ['day', '/api/reports/day', {}, (truth) => Math.round(truth.costCents)],
    ['day by SIM', '/api/reports/day', { by_sim: true }, (truth) => truth.simDays],
    ['sessions', '/api/reports/sessions', {}, (truth) => truth.sessions],
    ['call/SMS', '/api/reports/call_sms', {}, (truth) => truth.events],
  ];
  type Answer = { total?: number; totals?: { cost: number } };
  const answered: Record<string, (result: Answer) => number> = {
    day: (result) => Math.round((result.totals?.cost ?? 0) * 100),
  };

  console.log(`\nreports through the API over ${from}..${to}: ${ROUNDS} rounds of ${CALLS} calls (ms); checked = the answer's total against plain SQL over the raw records`);
  console.log(`${'filter'.padEnd(28)} ${'report'.padEnd(11)} ${'p50'.padStart(7)}  ${'p95 min / median / max'.padEnd(24)} checked`);
  let over = 0;
  let wrong = 0;
  for (const shape of shapes.filter((s) => s.name.includes(ONLY))) {
    const truth = await truthOf(database, shape, from, to);
    const headers = { authorization: `Bearer ${shape.asRoot ? root : admin}` };
    for (const [kind, path, extra, expected] of kinds) {
      const body = JSON.stringify({ filter: shape.filter, from, to, ...extra });
      const p50: number[] = [];
      const p95: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const { ms } = await latencies({ url: `${server.address}${path}?lang=en`, headers, body }, CALLS, round === 0 ? 5 : 2);
        p50.push(percentile(ms, 50));
        p95.push(percentile(ms, 95));
      }
      const res = await fetch(`${server.address}${path}?lang=en`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      const result = ((await res.json()) as { result: Answer }).result;
      const got = (answered[kind] ?? ((r: Answer) => r.total ?? 0))(result);
      const right = got === expected(truth);
      if (!right) wrong++;
      if (Math.max(...p95) > BUDGET_MS) over++;
      console.log(
        `${shape.name.padEnd(28)} ${kind.padEnd(11)} ${median(p50).toFixed(1).padStart(7)}  ${spreadOf(p95, 1).padEnd(24)} ${right ? 'ok' : `WRONG: ${got} (plain SQL ${expected(truth)})`}${Math.max(...p95) > BUDGET_MS ? '  OVER' : ''}`,
      );
    }
  }
  for (const [name, token] of [['home dashboard, admin of the 300k company', admin], ['home dashboard, root (1M SIMs)', root]] as const) {
    const p95: number[] = [];
    const p50: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { ms } = await latencies({ url: `${server.address}/api/dashboard/summary?lang=en`, headers: { authorization: `Bearer ${token}` }, body: '{}' }, CALLS, round === 0 ? 5 : 2);
      p50.push(percentile(ms, 50));
      p95.push(percentile(ms, 95));
    }
    if (Math.max(...p95) > BUDGET_MS) over++;
    console.log(`${name.padEnd(40)} ${median(p50).toFixed(1).padStart(7)}  ${spreadOf(p95, 1)}`);
  }
  console.log(`\n${loadLine()}`);
  console.log(`${over === 0 ? 'every p95 within' : `${over} shapes over`} ${BUDGET_MS} ms; wrong totals: ${wrong}`);
  await server.stop();
  await database.close();
}

await main();
