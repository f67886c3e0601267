// Usage reports on the 1M-SIM bench database (bench/sims-list.ts seeds the SIMs; run it first):
// seeds, once and idempotently, 35 days of usage for the 300,000-SIM company "Bench Big" — one data
// session per SIM and day (10.5M raw session rows), SMS and calls for a third of them, and the daily
// rollups computed from those raw rows — then prints p50/p95 through the HTTP API of:
//   the day report for 30 days over the whole company and over a 1,000-SIM CSV filter (chart + first
//   page + totals in one answer), a sessions page (whole company, and the CSV filter), and the home
//   dashboard for the 300k company's admin and for root.
// Run: npx tsx --conditions=source bench/reports.ts   (BENCH_DATABASE_URL to change the database)
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/server/src/db/client.js';
import { openBenchDatabase, percentile } from './support/bench-db.js';
import { loginAs, startBenchApi } from './support/bench-app.js';

const DAYS = 35;
/** The seeded window: fixed, so a re-run finds its data and seeds nothing. */
const FIRST_DAY = '2026-09-01';
const RUNS = 40;
const WARMUP = 5;
const MIN_SESSIONS = 10_000_000;

async function seed(database: Database, bigId: number): Promise<void> {
  const [have] = await queryRows<{ n: string }>(database.db, sql`
    select count(*) as n from usage_sessions where company_id = ${bigId}
      and started_at >= ${FIRST_DAY}::timestamptz and started_at < ${FIRST_DAY}::timestamptz + ${`${DAYS} days`}::interval`);
  if (Number(have?.n ?? 0) >= MIN_SESSIONS) return;
  console.log('seeding 35 days of usage for 300,000 SIMs (once)…');
  const started = Date.now();
  for (const table of ['usage_sessions', 'usage_events', 'usage_daily', 'usage_daily_company']) {
    await database.db.execute(sql`delete from ${sql.identifier(table)} where company_id = ${bigId}`);
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
      from sims s where s.company_id = ${bigId}`);
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
      where s.company_id = ${bigId} and ((k.kind = 'sms' and (s.id + ${d}) % 3 = 0) or (k.kind = 'call' and (s.id + ${d}) % 10 = 0))`);
    // The rollups of the day, from the raw rows just written.
    await database.db.execute(sql`
      insert into usage_daily (company_id, sim_id, day, sessions, session_seconds, bytes_up, bytes_down, cost_cents)
      select company_id, sim_id, ${day}, count(*), sum(extract(epoch from ended_at)::bigint - extract(epoch from started_at)::bigint),
             sum(bytes_up), sum(bytes_down), sum(cost_cents)
      from usage_sessions where company_id = ${bigId}
        and started_at >= ${day}::timestamp at time zone 'UTC' and started_at < (${day} + 1)::timestamp at time zone 'UTC'
      group by company_id, sim_id`);
    await database.db.execute(sql`
      insert into usage_daily as d (company_id, sim_id, day, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents)
      select company_id, sim_id, ${day},
             count(*) filter (where kind = 'sms' and direction = 'in'), count(*) filter (where kind = 'sms' and direction = 'out'),
             count(*) filter (where kind = 'call' and direction = 'in'), count(*) filter (where kind = 'call' and direction = 'out'),
             coalesce(sum(seconds) filter (where kind = 'call'), 0), sum(cost_cents)
      from usage_events where company_id = ${bigId}
        and started_at >= ${day}::timestamp at time zone 'UTC' and started_at < (${day} + 1)::timestamp at time zone 'UTC'
      group by company_id, sim_id
      on conflict (company_id, sim_id, day) do update set sms_in = d.sms_in + excluded.sms_in, sms_out = d.sms_out + excluded.sms_out,
        calls_in = d.calls_in + excluded.calls_in, calls_out = d.calls_out + excluded.calls_out,
        call_seconds = d.call_seconds + excluded.call_seconds, cost_cents = d.cost_cents + excluded.cost_cents`);
    process.stdout.write(`  day ${d + 1}/${DAYS} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  await database.db.execute(sql`
    insert into usage_daily_company (company_id, day, sessions, session_seconds, bytes_up, bytes_down, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents)
    select company_id, day, sum(sessions), sum(session_seconds), sum(bytes_up), sum(bytes_down), sum(sms_in), sum(sms_out),
           sum(calls_in), sum(calls_out), sum(call_seconds), sum(cost_cents)
    from usage_daily where company_id = ${bigId} group by company_id, day`);
  await database.db.execute(sql`vacuum analyze usage_sessions`);
  await database.db.execute(sql`vacuum analyze usage_events`);
  await database.db.execute(sql`vacuum analyze usage_daily`);
  await database.db.execute(sql`vacuum analyze usage_daily_company`);
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function main(): Promise<void> {
  const database = await openBenchDatabase();
  const [big] = await queryRows<{ id: number }>(database.db, sql`select id::int as id from companies where name = 'Bench Big' limit 1`);
  if (!big) throw new Error('no "Bench Big" company: run bench/sims-list.ts first');
  await seed(database, big.id);
  const [counts] = await queryRows<{ sessions: string; events: string; daily: string }>(database.db, sql`
    select (select count(*) from usage_sessions where company_id = ${big.id}) as sessions,
           (select count(*) from usage_events where company_id = ${big.id}) as events,
           (select count(*) from usage_daily where company_id = ${big.id}) as daily`);
  console.log(`Bench Big: ${Number(counts?.sessions).toLocaleString('en')} raw sessions, ${Number(counts?.events).toLocaleString('en')} SMS/calls, ${Number(counts?.daily).toLocaleString('en')} per-SIM day rollups`);

  const api = await startBenchApi(database);
  const admin = await loginAs(api.address, 'admin@bench.local');
  const root = await loginAs(api.address, 'root@bench.local');
  const sample = await queryRows<{ iccid: string; msisdn: string }>(database.db, sql`
    select iccid, msisdn from sims where company_id = ${big.id} order by id limit 1000 offset 7000`);
  const csv = sample.map((s, i) => (i % 2 ? s.iccid : `${s.iccid};${s.msisdn}`)).join('\n');
  const from = new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + 29 * 86_400_000).toISOString().slice(0, 10);
  const whole = { company: [big.id] };

  type Scenario = [string, string, Record<string, unknown>, number, string?];
  const scenarios: Scenario[] = [
    ['day, 30 days, whole company', '/api/reports/day', { filter: whole, from, to }, 300],
    ['day, 30 days, CSV of 1,000 SIMs', '/api/reports/day', { filter: { csv }, from, to }, 300],
    ['day per SIM, 30 days, CSV of 1,000 SIMs', '/api/reports/day', { filter: { csv }, from, to, by_sim: true }, 300],
    ['day, 30 days, profile TC (60k SIMs)', '/api/reports/day', { filter: { ...whole, profile: 'TC' }, from, to }, 300],
    ['sessions page, 30 days, whole company', '/api/reports/sessions', { filter: whole, from, to }, 100],
    ['sessions page, 30 days, CSV of 1,000 SIMs', '/api/reports/sessions', { filter: { csv }, from, to }, 100],
    ['sessions page 40, 30 days, whole company', '/api/reports/sessions', { filter: whole, from, to, page: 40 }, 100],
    ['call_sms page, 30 days, whole company', '/api/reports/call_sms', { filter: whole, from, to }, 100],
    ['home dashboard, admin of the 300k company', '/api/dashboard/summary', {}, 100],
    ['home dashboard, root (1M SIMs in the database)', '/api/dashboard/summary', {}, 100, root],
  ];
  console.log(`\nreports through the API, ${RUNS} calls each after ${WARMUP} warm-up calls (ms)\n`);
  console.log(`${'scenario'.padEnd(44)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'target'.padStart(7)}  rows`);
  let failed = 0;
  for (const [name, path, body, target, token = admin] of scenarios) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${api.address}${path}?lang=en`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { result?: { total?: number }; message?: string };
      const elapsed = performance.now() - t0;
      if (!json.result) throw new Error(`${name}: ${res.status} ${json.message ?? ''}`);
      total = json.result.total ?? 0;
      if (i >= WARMUP) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    if (p95 > target) failed++;
    console.log(
      `${name.padEnd(44)} ${percentile(times, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ${String(target).padStart(7)}  ${total.toLocaleString('en')}${p95 > target ? '  OVER' : ''}`,
    );
  }
  console.log(`\nload average (1/5/15 min) on this 2-core machine: ${loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
  console.log(`${failed === 0 ? 'all within target' : `${failed} over target`}`);
  await api.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
