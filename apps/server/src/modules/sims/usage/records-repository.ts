import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { CallEvent, DataSessionEvent, SmsEvent, UsageEvent } from '../../../network/events.js';

/*
 * Usage records for reports (db/schema-usage.ts). One statement per table inserts the raw records
 * that are new (ON CONFLICT on the record key does nothing) and adds exactly those to the per-SIM
 * and per-company daily rollups, so the rollups always equal the raw records: a batch delivered
 * twice, in any order, or re-run after a crash adds nothing the second time. Rollup rows are
 * upserted in key order, so concurrent batches lock them in the same order.
 */

/** Adds every counter of `excluded` to the existing rollup row `d`. */
const ADD_COUNTERS = sql`
  sessions = d.sessions + excluded.sessions, session_seconds = d.session_seconds + excluded.session_seconds,
  bytes_up = d.bytes_up + excluded.bytes_up, bytes_down = d.bytes_down + excluded.bytes_down,
  sms_in = d.sms_in + excluded.sms_in, sms_out = d.sms_out + excluded.sms_out,
  calls_in = d.calls_in + excluded.calls_in, calls_out = d.calls_out + excluded.calls_out,
  call_seconds = d.call_seconds + excluded.call_seconds, cost_cents = d.cost_cents + excluded.cost_cents`;

const seconds = (event: { at: Date }) => Math.floor(event.at.getTime() / 1000);

/** Stores data sessions; returns the keys of those not stored before. */
export async function recordSessions(db: Executor, events: DataSessionEvent[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const payload = JSON.stringify(
    events.map((e) => ({
      company_id: e.companyId,
      sim_id: e.simId,
      record_key: e.key,
      started: seconds(e),
      ended: Math.max(seconds(e), Math.floor(e.endedAt.getTime() / 1000)),
      bytes_up: e.bytesUp,
      bytes_down: e.bytesDown,
      rat: e.rat,
      operator: e.operator,
      country: e.country,
      cost_cents: e.costCents,
      imei: e.imei ?? null,
    })),
  );
  const rows = await queryRows<{ record_key: string }>(
    db,
    sql`
    with t as (
      select * from jsonb_to_recordset(${payload}::jsonb) as t(
        company_id bigint, sim_id bigint, record_key text, started bigint, ended bigint,
        bytes_up bigint, bytes_down bigint, rat text, operator text, country text, cost_cents integer, imei text)
    ), ins as (
      insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, bytes_up, bytes_down, rat, operator, country, cost_cents, imei)
      select company_id, sim_id, record_key, to_timestamp(started), to_timestamp(ended), bytes_up, bytes_down, rat, operator, country, cost_cents, imei
      from t order by company_id, record_key
      on conflict (company_id, record_key) do nothing
      returning company_id, sim_id, record_key, started_at, ended_at, bytes_up, bytes_down, cost_cents
    ), g as (
      select company_id, sim_id, (started_at at time zone 'UTC')::date as day, count(*)::int as sessions,
             sum(extract(epoch from ended_at)::bigint - extract(epoch from started_at)::bigint) as session_seconds,
             sum(bytes_up) as bytes_up, sum(bytes_down) as bytes_down, sum(cost_cents) as cost_cents
      from ins group by 1, 2, 3
    ), per_sim as (
      insert into usage_daily as d (company_id, sim_id, day, sessions, session_seconds, bytes_up, bytes_down, cost_cents)
      select company_id, sim_id, day, sessions, session_seconds, bytes_up, bytes_down, cost_cents from g order by 1, 2, 3
      on conflict (company_id, sim_id, day) do update set ${ADD_COUNTERS}
    ), per_company as (
      insert into usage_daily_company as d (company_id, day, sessions, session_seconds, bytes_up, bytes_down, cost_cents)
      select company_id, day, sum(sessions), sum(session_seconds), sum(bytes_up), sum(bytes_down), sum(cost_cents)
      from g group by 1, 2 order by 1, 2
      on conflict (company_id, day) do update set ${ADD_COUNTERS}
    )
    select record_key from ins`,
  );
  return new Set(rows.map((r) => r.record_key));
}

/** Stores SMS and calls; returns the keys of those not stored before. */
export async function recordSmsAndCalls(db: Executor, events: Array<SmsEvent | CallEvent>): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const payload = JSON.stringify(
    events.map((e) => ({
      company_id: e.companyId,
      sim_id: e.simId,
      record_key: e.key,
      kind: e.type,
      direction: e.direction,
      peer: e.peer,
      started: seconds(e),
      seconds: e.type === 'call' ? e.seconds : 0,
      operator: e.operator,
      country: e.country,
      cost_cents: e.costCents,
    })),
  );
  const rows = await queryRows<{ record_key: string }>(
    db,
    sql`
    with t as (
      select * from jsonb_to_recordset(${payload}::jsonb) as t(
        company_id bigint, sim_id bigint, record_key text, kind text, direction text, peer text, started bigint,
        seconds integer, operator text, country text, cost_cents integer)
    ), ins as (
      insert into usage_events (company_id, sim_id, record_key, kind, direction, peer, started_at, seconds, operator, country, cost_cents)
      select company_id, sim_id, record_key, kind, direction, peer, to_timestamp(started), seconds, operator, country, cost_cents
      from t order by company_id, record_key
      on conflict (company_id, record_key) do nothing
      returning company_id, sim_id, record_key, kind, direction, started_at, seconds, cost_cents
    ), g as (
      select company_id, sim_id, (started_at at time zone 'UTC')::date as day,
             count(*) filter (where kind = 'sms' and direction = 'in')::int as sms_in,
             count(*) filter (where kind = 'sms' and direction = 'out')::int as sms_out,
             count(*) filter (where kind = 'call' and direction = 'in')::int as calls_in,
             count(*) filter (where kind = 'call' and direction = 'out')::int as calls_out,
             coalesce(sum(seconds) filter (where kind = 'call'), 0) as call_seconds,
             sum(cost_cents) as cost_cents
      from ins group by 1, 2, 3
    ), per_sim as (
      insert into usage_daily as d (company_id, sim_id, day, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents)
      select company_id, sim_id, day, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents from g order by 1, 2, 3
      on conflict (company_id, sim_id, day) do update set ${ADD_COUNTERS}
    ), per_company as (
      insert into usage_daily_company as d (company_id, day, sms_in, sms_out, calls_in, calls_out, call_seconds, cost_cents)
      select company_id, day, sum(sms_in), sum(sms_out), sum(calls_in), sum(calls_out), sum(call_seconds), sum(cost_cents)
      from g group by 1, 2 order by 1, 2
      on conflict (company_id, day) do update set ${ADD_COUNTERS}
    )
    select record_key from ins`,
  );
  return new Set(rows.map((r) => r.record_key));
}

/**
 * Stores a batch of usage and returns the events that were new: only those may be billed (month
 * spend) or shown on the SIM page. Call inside the transaction that does that billing.
 */
export async function recordUsage(db: Executor, events: UsageEvent[]): Promise<UsageEvent[]> {
  const sessions = events.filter((e): e is DataSessionEvent => e.type === 'data');
  const others = events.filter((e): e is SmsEvent | CallEvent => e.type !== 'data');
  const freshSessions = await recordSessions(db, sessions);
  const freshOthers = await recordSmsAndCalls(db, others);
  // A key repeated inside one batch is new once.
  const taken = new Set<string>();
  return events.filter((e) => {
    const fresh = e.type === 'data' ? freshSessions : freshOthers;
    const id = `${e.type === 'data' ? 'd' : 'e'}:${e.companyId}:${e.key}`;
    if (!fresh.has(e.key) || taken.has(id)) return false;
    taken.add(id);
    return true;
  });
}

/** Raw records older than this many months are deleted; rollups stay as long as their SIM. */
export const RAW_RETENTION_MONTHS = 18;
/** Rows one housekeeping statement deletes, so the job never holds long locks. */
export const HOUSEKEEPING_BATCH = 10_000;

/**
 * Retention: deletes raw records older than RAW_RETENTION_MONTHS (in batches, at most `maxBatches`
 * per table per run) and rollup rows of SIMs that no longer exist. Returns how many rows went.
 */
export async function usageHousekeeping(db: Executor, now: Date, maxBatches = 100): Promise<{ raw: number; rollups: number }> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RAW_RETENTION_MONTHS);
  let raw = 0;
  for (const table of [sql`usage_sessions`, sql`usage_events`]) {
    for (let batch = 0; batch < maxBatches; batch++) {
      const rows = await queryRows<{ n: number | string }>(
        db,
        sql`with gone as (
              delete from ${table} where (company_id, id) in (
                select company_id, id from ${table} where started_at < ${cutoff.toISOString()}::timestamptz limit ${HOUSEKEEPING_BATCH})
              returning 1)
            select count(*) as n from gone`,
      );
      const n = Number(rows[0]?.n ?? 0);
      raw += n;
      if (n < HOUSEKEEPING_BATCH) break;
    }
  }
  const gone = await queryRows<{ n: number | string }>(
    db,
    sql`with gone as (
          delete from usage_daily d where not exists (select 1 from sims s where s.id = d.sim_id) returning 1)
        select count(*) as n from gone`,
  );
  return { raw, rollups: Number(gone[0]?.n ?? 0) };
}
