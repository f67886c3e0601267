import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { keepPartitionsFrom } from '../../../db/partitions.js';
import type { CallEvent, DataSessionEvent, SmsEvent, UsageEvent } from '../../../network/events.js';

/*
 * Usage records for reports (db/schema-usage.ts). One statement inserts a batch's raw records that
 * are new (ON CONFLICT on the record key does nothing) and adds exactly those to the daily rollups
 * (per SIM, company, profile, group and label), so the rollups always equal the raw records: a
 * batch delivered twice, in any order, or re-run after a crash adds nothing the second time.
 */

/** Adds every counter of `excluded` to the existing rollup row `d`. */
const ADD_COUNTERS = sql`
  sessions = d.sessions + excluded.sessions, session_seconds = d.session_seconds + excluded.session_seconds,
  bytes_up = d.bytes_up + excluded.bytes_up, bytes_down = d.bytes_down + excluded.bytes_down,
  sms_in = d.sms_in + excluded.sms_in, sms_out = d.sms_out + excluded.sms_out,
  calls_in = d.calls_in + excluded.calls_in, calls_out = d.calls_out + excluded.calls_out,
  call_seconds = d.call_seconds + excluded.call_seconds, cost_cents = d.cost_cents + excluded.cost_cents`;

const COUNTERS = [
  'sessions',
  'session_seconds',
  'bytes_up',
  'bytes_down',
  'sms_in',
  'sms_out',
  'calls_in',
  'calls_out',
  'call_seconds',
  'cost_cents',
];
const columns = sql.raw(COUNTERS.join(', '));
const sums = sql.raw(COUNTERS.map((column) => `sum(${column}) as ${column}`).join(', '));

/**
 * The CTEs that add a batch's new records, summed per SIM and day in `g`, to every rollup: per SIM
 * (its rows in key order), per company, per company and profile, per group and per label of the
 * SIM — with the per-SIM rows each of those stands for (sim_days), counting a SIM's day once, when
 * its row is first written. One statement takes every rollup row a batch needs, each table's in
 * key order and the tables always in this order, so two batches never wait for each other in a
 * circle (two statements — sessions, then SMS and calls — did: a deadlock).
 */
const ROLLUPS = sql`per_sim as (
      insert into usage_daily as d (company_id, sim_id, day, ${columns})
      select company_id, sim_id, day, ${columns} from g order by 1, 2, 3
      on conflict (company_id, sim_id, day) do update set ${ADD_COUNTERS}
      -- xmax is 0 on a row this statement inserted, not on one it updated.
      returning company_id, sim_id, day, (xmax = 0) as first
    ), f as (
      select g.*, p.profile, case when r.first then 1 else 0 end as sim_days
      from g join per_sim r using (company_id, sim_id, day) left join sims p on p.id = g.sim_id
    ), per_company as (
      insert into usage_daily_company as d (company_id, day, sim_days, ${columns})
      select company_id, day, sum(sim_days), ${sums} from f group by 1, 2 order by 1, 2
      on conflict (company_id, day) do update set sim_days = d.sim_days + excluded.sim_days, ${ADD_COUNTERS}
    ), per_profile as (
      insert into usage_daily_profile as d (company_id, profile, day, sim_days, ${columns})
      select company_id, profile, day, sum(sim_days), ${sums} from f where profile is not null group by 1, 2, 3 order by 1, 2, 3
      on conflict (company_id, profile, day) do update set sim_days = d.sim_days + excluded.sim_days, ${ADD_COUNTERS}
    ), per_group as (
      insert into usage_daily_group as d (company_id, group_id, day, sim_days, ${columns})
      select f.company_id, m.group_id, f.day, sum(f.sim_days), ${sums}
      from f join sim_group_members m on m.company_id = f.company_id and m.sim_id = f.sim_id group by 1, 2, 3 order by 1, 2, 3
      on conflict (company_id, group_id, day) do update set sim_days = d.sim_days + excluded.sim_days, ${ADD_COUNTERS}
    ), per_label as (
      insert into usage_daily_label as d (company_id, label, day, sim_days, ${columns})
      select f.company_id, l.label, f.day, sum(f.sim_days), ${sums}
      from f join sim_labels l on l.company_id = f.company_id and l.sim_id = f.sim_id group by 1, 2, 3 order by 1, 2, 3
      on conflict (company_id, label, day) do update set sim_days = d.sim_days + excluded.sim_days, ${ADD_COUNTERS}
    )`;

const seconds = (event: { at: Date }) => Math.floor(event.at.getTime() / 1000);

function sessionsPayload(events: DataSessionEvent[]): string {
  return JSON.stringify(
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
}

function smsAndCallsPayload(events: Array<SmsEvent | CallEvent>): string {
  return JSON.stringify(
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
}

/**
 * Stores a batch of usage and returns the events that were new: only those may be billed (month
 * spend) or shown on the SIM page. Call inside the transaction that does that billing.
 */
export async function recordUsage(db: Executor, events: UsageEvent[]): Promise<UsageEvent[]> {
  if (events.length === 0) return [];
  const sessions = events.filter((e): e is DataSessionEvent => e.type === 'data');
  const others = events.filter((e): e is SmsEvent | CallEvent => e.type !== 'data');
  // Its own statement, before the one that reads the SIMs' groups and labels: that one then sees
  // every membership change that was waiting for the batches before (migration 0035).
  const companies = [...new Set(events.map((e) => e.companyId))];
  await db.execute(sql`select usage_rollup_lock(${`{${companies.join(',')}}`}::bigint[], false)`);
  const rows = await queryRows<{ kind: 'd' | 'e'; record_key: string }>(
    db,
    sql`
    with ts as (
      select * from jsonb_to_recordset(${sessionsPayload(sessions)}::jsonb) as t(
        company_id bigint, sim_id bigint, record_key text, started bigint, ended bigint,
        bytes_up bigint, bytes_down bigint, rat text, operator text, country text, cost_cents integer, imei text)
    ), te as (
      select * from jsonb_to_recordset(${smsAndCallsPayload(others)}::jsonb) as t(
        company_id bigint, sim_id bigint, record_key text, kind text, direction text, peer text, started bigint,
        seconds integer, operator text, country text, cost_cents integer)
    ), ins_s as (
      insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, bytes_up, bytes_down, rat, operator, country, cost_cents, imei)
      select company_id, sim_id, record_key, to_timestamp(started), to_timestamp(ended), bytes_up, bytes_down, rat, operator, country, cost_cents, imei
      from ts order by company_id, record_key
      on conflict (company_id, record_key, started_at) do nothing
      returning company_id, sim_id, record_key, started_at, ended_at, bytes_up, bytes_down, cost_cents
    ), ins_e as (
      insert into usage_events (company_id, sim_id, record_key, kind, direction, peer, started_at, seconds, operator, country, cost_cents)
      select company_id, sim_id, record_key, kind, direction, peer, to_timestamp(started), seconds, operator, country, cost_cents
      from te order by company_id, record_key
      on conflict (company_id, record_key, started_at) do nothing
      returning company_id, sim_id, record_key, kind, direction, started_at, seconds, cost_cents
    ), g as (
      select company_id, sim_id, day, ${sums} from (
        select company_id, sim_id, (started_at at time zone 'UTC')::date as day, 1 as sessions,
               extract(epoch from ended_at)::bigint - extract(epoch from started_at)::bigint as session_seconds,
               bytes_up, bytes_down, 0 as sms_in, 0 as sms_out, 0 as calls_in, 0 as calls_out, 0 as call_seconds, cost_cents
        from ins_s
        union all
        select company_id, sim_id, (started_at at time zone 'UTC')::date, 0, 0, 0, 0,
               (kind = 'sms' and direction = 'in')::int, (kind = 'sms' and direction = 'out')::int,
               (kind = 'call' and direction = 'in')::int, (kind = 'call' and direction = 'out')::int,
               case when kind = 'call' then seconds else 0 end, cost_cents
        from ins_e) r
      group by 1, 2, 3
    ), ${ROLLUPS}
    select 'd' as kind, record_key from ins_s union all select 'e', record_key from ins_e`,
  );
  const fresh = new Set(rows.map((r) => `${r.kind}:${r.record_key}`));
  // A key repeated inside one batch is new once.
  const taken = new Set<string>();
  return events.filter((e) => {
    const kind = e.type === 'data' ? 'd' : 'e';
    const id = `${kind}:${e.companyId}:${e.key}`;
    if (!fresh.has(`${kind}:${e.key}`) || taken.has(id)) return false;
    taken.add(id);
    return true;
  });
}

/** Raw records older than this many months are deleted; rollups stay as long as their SIM. */
export const RAW_RETENTION_MONTHS = 18;
/** Rows one housekeeping statement deletes, so the job never holds long locks. */
export const HOUSEKEEPING_BATCH = 10_000;

/**
 * Retention: raw records older than RAW_RETENTION_MONTHS go — on PostgreSQL with pg_partman as whole
 * monthly partitions (made ahead by the same call), elsewhere and in the partitions that mix ages
 * (db/partitions.ts) row by row, in batches, at most `maxBatches` per table per run — and rollup rows
 * of SIMs that no longer exist go. Answers how many rows and partitions went.
 */
export async function usageHousekeeping(
  db: Executor,
  now: Date,
  maxBatches = 100,
): Promise<{ raw: number; rollups: number; partitions: string[] }> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RAW_RETENTION_MONTHS);
  let raw = 0;
  const partitions: string[] = [];
  for (const parent of ['usage_sessions', 'usage_events']) {
    const { dropped, rowTables } = await keepPartitionsFrom(db, parent, cutoff);
    partitions.push(...dropped);
    for (const name of rowTables) raw += await deleteRecordsBefore(db, name, cutoff, maxBatches);
  }
  const gone = await queryRows<{ n: number | string }>(
    db,
    sql`with gone as (
          delete from usage_daily d where not exists (select 1 from sims s where s.id = d.sim_id) returning 1)
        select count(*) as n from gone`,
  );
  return { raw, rollups: Number(gone[0]?.n ?? 0), partitions };
}

/** Deletes `table`'s records that started before `cutoff`, HOUSEKEEPING_BATCH a statement; answers how many. */
async function deleteRecordsBefore(db: Executor, table: string, cutoff: Date, maxBatches: number): Promise<number> {
  const name = sql.identifier(table);
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const rows = await queryRows<{ n: number | string }>(
      db,
      sql`with gone as (
            delete from ${name} where (company_id, id, started_at) in (
              select company_id, id, started_at from ${name} where started_at < ${cutoff.toISOString()}::timestamptz limit ${HOUSEKEEPING_BATCH})
            returning 1)
          select count(*) as n from gone`,
    );
    const n = Number(rows[0]?.n ?? 0);
    deleted += n;
    if (n < HOUSEKEEPING_BATCH) break;
  }
  return deleted;
}

const REBUILT_COLUMNS = sql.raw(`sim_days, ${COUNTERS.join(', ')}`);
const REBUILT_SUMS = sql.raw(`count(*), ${COUNTERS.map((column) => `sum(d.${column})`).join(', ')}`);

/**
 * Writes the companies' coarse rollups (per company, profile, group and label) afresh from their
 * per-SIM rows: for usage written in bulk straight into usage_daily (the demo data, the benches).
 */
export async function rebuildCoarseRollups(db: Executor, companyIds: number[]): Promise<void> {
  const ids = sql`${`{${companyIds.join(',')}}`}::bigint[]`;
  for (const table of ['usage_daily_company', 'usage_daily_profile', 'usage_daily_group', 'usage_daily_label']) {
    await db.execute(sql`delete from ${sql.identifier(table)} where company_id = any(${ids})`);
  }
  await db.execute(sql`
    insert into usage_daily_company (company_id, day, ${REBUILT_COLUMNS})
    select d.company_id, d.day, ${REBUILT_SUMS} from usage_daily d where d.company_id = any(${ids}) group by 1, 2`);
  await db.execute(sql`
    insert into usage_daily_profile (company_id, profile, day, ${REBUILT_COLUMNS})
    select d.company_id, s.profile, d.day, ${REBUILT_SUMS}
    from usage_daily d join sims s on s.id = d.sim_id where d.company_id = any(${ids}) group by 1, 2, 3`);
  await db.execute(sql`
    insert into usage_daily_group (company_id, group_id, day, ${REBUILT_COLUMNS})
    select d.company_id, m.group_id, d.day, ${REBUILT_SUMS}
    from usage_daily d join sim_group_members m on m.company_id = d.company_id and m.sim_id = d.sim_id
    where d.company_id = any(${ids}) group by 1, 2, 3`);
  await db.execute(sql`
    insert into usage_daily_label (company_id, label, day, ${REBUILT_COLUMNS})
    select d.company_id, l.label, d.day, ${REBUILT_SUMS}
    from usage_daily d join sim_labels l on l.company_id = d.company_id and l.sim_id = d.sim_id
    where d.company_id = any(${ids}) group by 1, 2, 3`);
}
