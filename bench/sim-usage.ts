// The SIM page's usage answer (POST /api/sims/usage/overview) for a SIM of a 300,000-SIM company on
// PostgreSQL (budget: ≤ 100 ms p95, ARCHITECTURE §9). A fresh database gets a company of 300,000
// SIMs; every SIM has BACKGROUND_DAYS days of one session a day (raw rows and daily rollups: the
// indexes the SIM page reads hold the whole company), and SAMPLED SIMs have a heavy 90-day history —
// a session an hour, SMS and calls, their rollups — and two running RADIUS sessions. The product runs
// from its build as its own process; this process is the client, one request at a time. Each round
// asks every period (48 h, 30 d, 90 d) for every sampled SIM; the answers are checked against plain
// SQL (the 90-day sums and the session count). Prints p50/p95/max per period and round, then
// min / median / max of the rounds' p95.
// Needs `npm run build`. Run: npx tsx bench/sim-usage.ts   (ROUNDS=3 SAMPLED=40 CALLS=300)
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client.js';
import { companies } from '../apps/server/src/db/schema.js';
import { createBenchUser, loginAs } from './support/bench-app.js';
import { insertSims, percentile, recreateBenchDatabase } from './support/bench-db.js';
import { startBuiltServer } from './support/built-server.js';

const SIMS = Number(process.env.SIMS ?? 300_000);
const SAMPLED = Number(process.env.SAMPLED ?? 40);
const BACKGROUND_DAYS = Number(process.env.BACKGROUND_DAYS ?? 3);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** Requests per period and round (spread over the sampled SIMs). */
const CALLS = Number(process.env.CALLS ?? 300);
const WARMUP = 30;
const BUDGET_MS = 100;
const DATABASE_URL = process.env.BENCH_SIM_USAGE_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/cabinet_bench_sim_usage';
const PERIODS = ['48h', '30d', '90d'] as const;
const EMAIL = 'admin@sim-usage.bench';

interface Overview {
  buckets: Array<{ bytes_up: number; bytes_down: number; sms_in: number; sms_out: number; calls_in: number; calls_out: number; cost: number }>;
  sessions: unknown[];
}

await recreateBenchDatabase(DATABASE_URL);
// The server first: it migrates the fresh database.
const server = await startBuiltServer({ DATABASE_URL, SEED_DEMO: '0', NETWORK_ACTIVITY_SIMS: '0', BILLING_CRON: 'off' });
const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: 'memory://' });
try {
  const [company] = await database.db.insert(companies).values({ name: 'Usage bench 300k', billingType: 1 }).returning();
  if (!company) throw new Error('company not created');
  let started = Date.now();
  for (let done = 0; done < SIMS; done += 100_000) await insertSims(database, company.id, done + 1, Math.min(100_000, SIMS - done));
  console.log(`${SIMS.toLocaleString('en')} SIMs in ${seconds(started)} s`);
  started = Date.now();
  await seedBackground(database, company.id);
  const sampled = await queryRows<{ id: number }>(
    database.db,
    sql`select id::int as id from sims where company_id = ${company.id} order by id offset 1000 limit ${SAMPLED}`,
  );
  const ids = sampled.map((s) => s.id);
  await seedHeavy(database, company.id, ids);
  await database.db.execute(sql`vacuum analyze`);
  const [sizes] = await queryRows<{ sessions: string; events: string; daily: string }>(
    database.db,
    sql`select (select count(*) from usage_sessions) as sessions, (select count(*) from usage_events) as events, (select count(*) from usage_daily) as daily`,
  );
  console.log(
    `usage seeded in ${seconds(started)} s: ${Number(sizes?.sessions).toLocaleString('en')} raw sessions, ${Number(sizes?.events).toLocaleString('en')} SMS/calls, ` +
      `${Number(sizes?.daily).toLocaleString('en')} per-SIM day rollups; ${SAMPLED} sampled SIMs with 90 days of a session an hour`,
  );
  await createBenchUser(database, company.id, EMAIL, 'admin');
  const token = await loginAs(server.address, EMAIL);
  const ask = async (id: number, period: string): Promise<{ ms: number; overview: Overview }> => {
    const t0 = performance.now();
    const res = await fetch(`${server.address}/api/sims/usage/overview?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id, period }),
    });
    const json = (await res.json()) as { result?: Overview; message?: string };
    const ms = performance.now() - t0;
    if (!json.result) throw new Error(`${period} for SIM ${id}: ${res.status} ${json.message ?? ''}`);
    return { ms, overview: json.result };
  };

  // The answers are right: 90-day sums and session counts as plain SQL counts them.
  for (const id of ids.slice(0, 5)) {
    const { overview } = await ask(id, '90d');
    const [truth] = await queryRows<{ up: string; sms: string }>(
      database.db,
      sql`select coalesce(sum(bytes_up), 0) as up, coalesce(sum(sms_in + sms_out), 0) as sms from usage_daily
          where company_id = ${company.id} and sim_id = ${id} and day > current_date - 90`,
    );
    const up = overview.buckets.reduce((n, b) => n + b.bytes_up, 0);
    const sms = overview.buckets.reduce((n, b) => n + b.sms_in + b.sms_out, 0);
    if (up !== Number(truth?.up) || sms !== Number(truth?.sms) || overview.sessions.length !== 20) {
      throw new Error(`SIM ${id}: answer ${up} B up, ${sms} SMS, ${overview.sessions.length} sessions; SQL ${truth?.up} B, ${truth?.sms} SMS, 20 sessions`);
    }
  }
  console.log('answers checked against plain SQL: 90-day traffic and SMS sums, 20 sessions each');

  for (let i = 0; i < WARMUP; i++) await ask(ids[i % ids.length] ?? 0, PERIODS[i % PERIODS.length] ?? '30d');
  const p95s: Record<string, number[]> = Object.fromEntries(PERIODS.map((p) => [p, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    const line: string[] = [];
    for (const period of PERIODS) {
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) times.push((await ask(ids[(i * 7 + round) % ids.length] ?? 0, period)).ms);
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      p95s[period]?.push(p95);
      line.push(`${period} p50 ${percentile(times, 50).toFixed(1)} / p95 ${p95.toFixed(1)} / max ${(times.at(-1) ?? 0).toFixed(1)} ms`);
    }
    console.log(`round ${round} (${CALLS} calls a period): ${line.join('; ')}`);
  }
  for (const period of PERIODS) {
    const values = [...(p95s[period] ?? [])].sort((a, b) => a - b);
    const median = values[Math.floor(values.length / 2)] ?? 0;
    console.log(
      `${period}: p95 min / median / max over ${ROUNDS} rounds: ${values.map((v) => v.toFixed(1)).filter((_, i) => i === 0 || i === Math.floor(values.length / 2) || i === values.length - 1).join(' / ')} ms (budget ≤ ${BUDGET_MS})${median > BUDGET_MS ? '  OVER' : ''}`,
    );
  }
} finally {
  await database.close();
  await server.stop();
}

function seconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(0);
}

/** One session a day for every SIM over the last days, with the rollups those rows add up to. */
async function seedBackground(db: Database, companyId: number): Promise<void> {
  for (let d = 0; d < BACKGROUND_DAYS; d++) {
    await db.db.execute(sql`
      insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, bytes_up, bytes_down, rat, operator, country, cost_cents, imei)
      select company_id, id, 'bg:' || id || ':' || ${d}::int,
             current_date - ${d}::int + make_interval(secs => (id * 7919) % 80000),
             current_date - ${d}::int + make_interval(secs => (id * 7919) % 80000 + 600),
             (id * 31) % 400000, (id * 17) % 2000000, '4G', '250-01', 'RU', 1 + id % 7, '35209900' || lpad((id % 10000000)::text, 7, '0')
      from sims where company_id = ${companyId}`);
  }
  await rollUp(db, companyId, null);
}

/** SIMs with a long, busy history: a session an hour for 90 days, an SMS every 3 hours, a call a day. */
async function seedHeavy(db: Database, companyId: number, ids: number[]): Promise<void> {
  await db.db.execute(sql`delete from usage_daily where company_id = ${companyId} and sim_id in ${ids}`);
  await db.db.execute(sql`
    insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, bytes_up, bytes_down, rat, operator, country, cost_cents, imei)
    select ${companyId}, s, 'heavy:' || s || ':' || h, date_trunc('hour', now()) - make_interval(hours => h) + interval '5 minutes',
           date_trunc('hour', now()) - make_interval(hours => h) + interval '35 minutes',
           1000 + (s * h) % 50000, 5000 + (s + h) % 200000, (array['2G','3G','4G','NB-IoT','LTE-M'])[1 + h % 5],
           (array['250-01','250-02','262-01','401-01'])[1 + (h / 24) % 4], (array['RU','RU','DE','KZ'])[1 + (h / 24) % 4], 1 + h % 3,
           '35209900' || lpad(s::text, 7, '0')
    from unnest(${sql.raw(`array[${ids.join(',')}]::bigint[]`)}) s, generate_series(1, 90 * 24) h`);
  await db.db.execute(sql`
    insert into usage_events (company_id, sim_id, record_key, kind, direction, peer, started_at, seconds, operator, country, cost_cents)
    select ${companyId}, s, 'heavy:' || s || ':' || h, case when h % 24 = 0 then 'call' else 'sms' end, case when h % 2 = 0 then 'in' else 'out' end,
           '79001234567', now() - make_interval(hours => h), case when h % 24 = 0 then 60 + h % 200 else 0 end, '250-01', 'RU', 2
    from unnest(${sql.raw(`array[${ids.join(',')}]::bigint[]`)}) s, generate_series(1, 90 * 24, 3) h`);
  await db.db.execute(sql`
    insert into radius_sessions (nas, acct_session_id, company_id, sim_id, started_at, updated_at, bytes_up, bytes_down, operator, rat, imei)
    select '10.0.0.1', 'open-' || s || '-' || k, ${companyId}, s, now() - make_interval(mins => 10 * k), now(), 100, 200, '250-02', '4G', '3520990000000' || k
    from unnest(${sql.raw(`array[${ids.join(',')}]::bigint[]`)}) s, generate_series(1, 2) k`);
  await rollUp(db, companyId, ids);
}

/** The per-SIM daily rollups, from the raw rows (all SIMs, or only `ids`). */
async function rollUp(db: Database, companyId: number, ids: number[] | null): Promise<void> {
  const only = ids ? sql`and sim_id in ${ids}` : sql``;
  await db.db.execute(sql`
    insert into usage_daily (company_id, sim_id, day, sessions, session_seconds, bytes_up, bytes_down, cost_cents)
    select company_id, sim_id, (started_at at time zone 'UTC')::date, count(*), sum(extract(epoch from ended_at - started_at))::bigint,
           sum(bytes_up), sum(bytes_down), sum(cost_cents)
    from usage_sessions where company_id = ${companyId} ${only} group by 1, 2, 3`);
  await db.db.execute(sql`
    insert into usage_daily as d (company_id, sim_id, day, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents)
    select company_id, sim_id, (started_at at time zone 'UTC')::date,
           count(*) filter (where kind = 'sms' and direction = 'in'), count(*) filter (where kind = 'sms' and direction = 'out'),
           count(*) filter (where kind = 'call' and direction = 'in'), count(*) filter (where kind = 'call' and direction = 'out'),
           coalesce(sum(seconds) filter (where kind = 'call'), 0), sum(cost_cents)
    from usage_events where company_id = ${companyId} ${only} group by 1, 2, 3
    on conflict (company_id, sim_id, day) do update set sms_in = d.sms_in + excluded.sms_in, sms_out = d.sms_out + excluded.sms_out,
      calls_in = d.calls_in + excluded.calls_in, calls_out = d.calls_out + excluded.calls_out,
      call_seconds = d.call_seconds + excluded.call_seconds, cost_cents = d.cost_cents + excluded.cost_cents`);
}
