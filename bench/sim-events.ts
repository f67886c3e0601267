// The network event log (issue 25.2) on PostgreSQL. Two figures:
// 1. Ingestion: usage records/s through the network sink's writes in one transaction per batch —
//    without the event log (record usage and rollups) and with it (the same plus
//    logNetworkFeed: session start/stop, network/IMEI changes, limits, SMS), so the difference is the
//    log's cost; and the whole applyNetworkEvents (alerts included) for reference. Batches of BATCH
//    records (a data session and, for every third SIM, an SMS) over SIMS SIMs, fresh keys each round.
// 2. The SIM page's events answer (POST /api/sims/events, 20 newest) for SIMs of a company of
//    COMPANY_SIMS SIMs whose log holds EVENTS_PER_SIM events each, from the product's build as its own
//    process, one request at a time; answers checked against plain SQL.
// Prints min / median / max over ROUNDS rounds. Needs `npm run build`.
// Run: npx tsx bench/sim-events.ts   (SIMS=20000 BATCH=2000 BATCHES=10 COMPANY_SIMS=300000 EVENTS_PER_SIM=10 CALLS=300 ROUNDS=3)
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { companies } from '../apps/server/src/db/schema.js';
import { logNetworkFeed } from '../apps/server/src/modules/sims/events/index.js';
import { applyNetworkEvents } from '../apps/server/src/modules/sims/usage/index.js';
import { recordUsage } from '../apps/server/src/modules/sims/usage/records-repository.js';
import * as usageRepo from '../apps/server/src/modules/sims/usage/repository.js';
import type { UsageEvent } from '../apps/server/src/network/events.js';
import { createBenchUser, loginAs } from './support/bench-app.js';
import { insertSims, percentile, recreateBenchDatabase } from './support/bench-db.js';
import { startBuiltServer } from './support/built-server.js';

const SIMS = Number(process.env.SIMS ?? 20_000);
const BATCH = Number(process.env.BATCH ?? 2_000);
const BATCHES = Number(process.env.BATCHES ?? 10);
const COMPANY_SIMS = Number(process.env.COMPANY_SIMS ?? 300_000);
const EVENTS_PER_SIM = Number(process.env.EVENTS_PER_SIM ?? 10);
const CALLS = Number(process.env.CALLS ?? 300);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DATABASE_URL = process.env.BENCH_SIM_EVENTS_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/cabinet_bench_sim_events';
const EMAIL = 'admin@sim-events.bench';
const BUDGET_MS = 100;
const silentBus = { publish: () => Promise.resolve() };

await recreateBenchDatabase(DATABASE_URL);
const server = await startBuiltServer({ DATABASE_URL, SEED_DEMO: '0', NETWORK_ACTIVITY_SIMS: '0', BILLING_CRON: 'off' });
const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: 'memory://' });
try {
  const [ingest] = await database.db.insert(companies).values({ name: 'Events bench ingest', billingType: 2 }).returning();
  const [large] = await database.db.insert(companies).values({ name: 'Events bench 300k', billingType: 2 }).returning();
  if (!ingest || !large) throw new Error('companies not created');
  await insertSims(database, ingest.id, 1, SIMS);
  for (let done = 0; done < COMPANY_SIMS; done += 100_000) await insertSims(database, large.id, 1_000_000 + done, Math.min(100_000, COMPANY_SIMS - done));
  const simIds = (await queryRows<{ id: number }>(database.db, sql`select id::int as id from sims where company_id = ${ingest.id} order by id`)).map((r) => r.id);
  await database.db.execute(sql`analyze`);

  // 1. Ingestion.
  const modes = {
    'without the log': (batch: UsageEvent[]) => database.db.transaction(async (tx) => {
      const fresh = await recordUsage(tx, batch);
      await usageRepo.insertUsage(tx, fresh);
    }),
    'with the log': (batch: UsageEvent[]) => database.db.transaction(async (tx) => {
      const fresh = await recordUsage(tx, batch);
      await usageRepo.insertUsage(tx, fresh);
      await logNetworkFeed(tx, { usage: fresh, msuBlocked: [], msuEvents: [] });
    }),
    'applyNetworkEvents (all)': (batch: UsageEvent[]) => applyNetworkEvents(database.db, silentBus, batch),
  } as const;
  const rates: Record<string, number[]> = {};
  let tick = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const line: string[] = [];
    for (const [name, apply] of Object.entries(modes)) {
      const batches = Array.from({ length: BATCHES }, () => usageBatch(ingest.id, simIds, (tick += 1)));
      const records = batches.reduce((n, b) => n + b.length, 0);
      const t0 = performance.now();
      for (const batch of batches) await apply(batch);
      const rate = records / ((performance.now() - t0) / 1000);
      (rates[name] ??= []).push(rate);
      line.push(`${name} ${Math.round(rate).toLocaleString('en')} records/s`);
    }
    console.log(`round ${round} (${BATCHES} batches of ~${BATCH}): ${line.join('; ')}`);
  }
  const logged = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from sim_events where company_id = ${ingest.id}`);
  console.log(`event log rows written: ${Number(logged[0]?.n).toLocaleString('en')}`);
  for (const [name, values] of Object.entries(rates)) console.log(`${name}: records/s min / median / max ${spread(values).map((v) => Math.round(v).toLocaleString('en')).join(' / ')}`);
  const median = (name: string) => spread(rates[name] ?? [])[1] ?? 0;
  console.log(`the log's cost: ${(100 * (1 - median('with the log') / median('without the log'))).toFixed(0)}% fewer records/s (medians)`);

  // 2. The SIM page's events answer in the large company.
  let started = Date.now();
  await database.db.execute(sql`
    insert into sim_events (company_id, sim_id, type, at, actor_kind, actor_label, details)
    select s.company_id, s.id, (array['session_start','session_stop','sms_in','sms_out','block','unblock'])[1 + (s.id + k) % 6],
           now() - make_interval(mins => (k * 137 + s.id % 60)::int), 'network', null,
           jsonb_build_object('operator', '250-01', 'country', 'RU', 'session', 'bench:' || s.id || ':' || k)
    from sims s cross join generate_series(1, ${EVENTS_PER_SIM}) k where s.company_id = ${large.id}`);
  await database.db.execute(sql`vacuum analyze sim_events`);
  console.log(`${(COMPANY_SIMS * EVENTS_PER_SIM).toLocaleString('en')} events of the large company in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await createBenchUser(database, large.id, EMAIL, 'admin');
  const token = await loginAs(server.address, EMAIL);
  const sampled = (await queryRows<{ id: number }>(database.db, sql`select id::int as id from sims where company_id = ${large.id} order by id offset 5000 limit 50`)).map((r) => r.id);
  const ask = async (id: number) => {
    const t0 = performance.now();
    const res = await fetch(`${server.address}/api/sims/events?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id, size: 20 }),
    });
    const json = (await res.json()) as { result?: { items: Array<{ id: number }> } };
    if (!json.result) throw new Error(`SIM ${id}: ${res.status}`);
    return { ms: performance.now() - t0, items: json.result.items };
  };
  for (const id of sampled.slice(0, 5)) {
    const truth = await queryRows<{ id: number }>(database.db, sql`select id::int as id from sim_events where company_id = ${large.id} and sim_id = ${id} order by at desc, id desc limit 20`);
    const { items } = await ask(id);
    if (items.map((i) => i.id).join() !== truth.map((r) => r.id).join()) throw new Error(`SIM ${id}: the answer's events differ from plain SQL's`);
  }
  console.log('answers checked against plain SQL: the 20 newest events of 5 SIMs, in order');
  for (let i = 0; i < 30; i++) await ask(sampled[i % sampled.length] ?? 0);
  const p95s: number[] = [];
  started = Date.now();
  for (let round = 1; round <= ROUNDS; round++) {
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) times.push((await ask(sampled[(i * 7 + round) % sampled.length] ?? 0)).ms);
    times.sort((a, b) => a - b);
    p95s.push(percentile(times, 95));
    console.log(`round ${round}: SIM page events p50 ${percentile(times, 50).toFixed(1)} / p95 ${percentile(times, 95).toFixed(1)} / max ${(times.at(-1) ?? 0).toFixed(1)} ms`);
  }
  console.log(`SIM page events p95 min / median / max: ${spread(p95s).map((v) => v.toFixed(1)).join(' / ')} ms (budget ≤ ${BUDGET_MS})`);
} finally {
  await database.close();
  await server.stop();
}

function spread(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  return [sorted[0] ?? 0, sorted[Math.floor(sorted.length / 2)] ?? 0, sorted.at(-1) ?? 0];
}

/** A batch of fresh records: a data session per SIM of the batch, an SMS for every third one. */
function usageBatch(companyId: number, simIds: number[], tick: number): UsageEvent[] {
  const events: UsageEvent[] = [];
  const at = new Date(Date.now() - 3_600_000 + tick * 1000);
  for (let n = 0; events.length < BATCH; n++) {
    const simId = simIds[(tick * BATCH + n) % simIds.length] ?? 0;
    const base = { companyId, simId, at, operator: n % 10 === 0 ? '262-01' : '250-01', country: n % 10 === 0 ? 'DE' : 'RU' };
    events.push({ ...base, type: 'data', key: `bench:${tick}:${n}`, endedAt: new Date(at.getTime() + 60_000), bytes: 3000, bytesUp: 1000, bytesDown: 2000, rat: 'LTE', costCents: 0, imei: null });
    if (n % 3 === 0) events.push({ ...base, type: 'sms', key: `bench-sms:${tick}:${n}`, direction: 'in', peer: '100', text: 'ping', costCents: 0 });
  }
  return events;
}
