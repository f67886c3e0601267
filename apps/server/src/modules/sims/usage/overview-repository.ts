import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

/*
 * The SIM page's usage (issue 25.1), read per SIM through indexes that lead with (company_id,
 * sim_id): days from the per-SIM daily rollup, hours from the raw records of the last 48 hours,
 * sessions from the newest raw sessions plus the SIM's running RADIUS sessions. Times are unix
 * seconds, days UTC days; an hour is cut from the epoch, so no session time zone shifts it.
 */

type Bigint = number | string;

export interface SimRef {
  companyId: number;
  simId: number;
}

export interface CounterRow {
  start: Bigint;
  bytes_up: Bigint;
  bytes_down: Bigint;
  sms_in: Bigint;
  sms_out: Bigint;
  calls_in: Bigint;
  calls_out: Bigint;
  call_seconds: Bigint;
  cost_cents: Bigint;
}

export interface SessionRow {
  key: string;
  start: Bigint;
  end: Bigint | null;
  bytes_up: Bigint;
  bytes_down: Bigint;
  operator: string | null;
  country: string | null;
  rat: string | null;
  imei: string | null;
}

const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Rollup rows of the days [fromSeconds, toSeconds) that have any usage. */
export async function readDays(
  db: Executor,
  sim: SimRef,
  fromSeconds: number,
  toSeconds: number,
): Promise<CounterRow[]> {
  return queryRows<CounterRow>(
    db,
    sql`select (extract(epoch from day::timestamp))::bigint as start, bytes_up, bytes_down, sms_in, sms_out,
               calls_in, calls_out, call_seconds, cost_cents
        from usage_daily
        where company_id = ${sim.companyId} and sim_id = ${sim.simId}
          and day >= ${isoDay(fromSeconds)}::date and day < ${isoDay(toSeconds)}::date`,
  );
}

/** Hours [fromSeconds, toSeconds) that have any usage, summed from the raw sessions, SMS and calls. */
export async function readHours(
  db: Executor,
  sim: SimRef,
  fromSeconds: number,
  toSeconds: number,
): Promise<CounterRow[]> {
  const from = new Date(fromSeconds * 1000).toISOString();
  const to = new Date(toSeconds * 1000).toISOString();
  const hourOf = sql`(floor(extract(epoch from started_at) / 3600) * 3600)::bigint`;
  return queryRows<CounterRow>(
    db,
    sql`with data as (
          select ${hourOf} as start, sum(bytes_up) as bytes_up, sum(bytes_down) as bytes_down, sum(cost_cents) as cost_cents
          from usage_sessions
          where company_id = ${sim.companyId} and sim_id = ${sim.simId} and started_at >= ${from}::timestamptz and started_at < ${to}::timestamptz
          group by 1
        ), other as (
          select ${hourOf} as start,
                 count(*) filter (where kind = 'sms' and direction = 'in') as sms_in,
                 count(*) filter (where kind = 'sms' and direction = 'out') as sms_out,
                 count(*) filter (where kind = 'call' and direction = 'in') as calls_in,
                 count(*) filter (where kind = 'call' and direction = 'out') as calls_out,
                 coalesce(sum(seconds) filter (where kind = 'call'), 0) as call_seconds,
                 sum(cost_cents) as cost_cents
          from usage_events
          where company_id = ${sim.companyId} and sim_id = ${sim.simId} and started_at >= ${from}::timestamptz and started_at < ${to}::timestamptz
          group by 1
        )
        select coalesce(d.start, o.start) as start, coalesce(d.bytes_up, 0) as bytes_up, coalesce(d.bytes_down, 0) as bytes_down,
               coalesce(o.sms_in, 0) as sms_in, coalesce(o.sms_out, 0) as sms_out, coalesce(o.calls_in, 0) as calls_in,
               coalesce(o.calls_out, 0) as calls_out, coalesce(o.call_seconds, 0) as call_seconds,
               coalesce(d.cost_cents, 0) + coalesce(o.cost_cents, 0) as cost_cents
        from data d full join other o on o.start = d.start`,
  );
}

/** What the SIM's usage cost from the first day of `monthStartSeconds`'s month on. */
export async function readMonthSpendCents(db: Executor, sim: SimRef, monthStartSeconds: number): Promise<number> {
  const rows = await queryRows<{ cents: Bigint }>(
    db,
    sql`select coalesce(sum(cost_cents), 0) as cents from usage_daily
        where company_id = ${sim.companyId} and sim_id = ${sim.simId} and day >= ${isoDay(monthStartSeconds)}::date`,
  );
  return Number(rows[0]?.cents ?? 0);
}

/**
 * A session still running longer than this is taken for one whose Stop was lost: it no longer
 * shows as running (and the read stays a bounded index range).
 */
export const RUNNING_SESSION_MAX_DAYS = 35;

/**
 * The SIM's newest sessions: RADIUS sessions still running (no Stop yet, so not in usage_sessions),
 * then the finished ones every network feed records in usage_sessions, newest first.
 */
export async function readSessions(db: Executor, sim: SimRef, limit: number, now: Date): Promise<SessionRow[]> {
  const runningSince = new Date(now.getTime() - RUNNING_SESSION_MAX_DAYS * 86_400_000).toISOString();
  return queryRows<SessionRow>(
    db,
    sql`(select 'radius:' || nas || ':' || acct_session_id as key, extract(epoch from started_at)::bigint as start, null::bigint as "end",
                bytes_up, bytes_down, operator, null::text as country, rat, imei
         from radius_sessions
         where company_id = ${sim.companyId} and sim_id = ${sim.simId} and started_at >= ${runningSince}::timestamptz and stopped_at is null
         order by started_at desc limit ${limit})
        union all
        (select record_key, extract(epoch from started_at)::bigint, extract(epoch from ended_at)::bigint,
                bytes_up, bytes_down, operator, country, rat, imei
         from usage_sessions
         where company_id = ${sim.companyId} and sim_id = ${sim.simId}
         order by started_at desc, id desc limit ${limit})`,
  );
}
