import type { ReportChartPoint } from '@cab/contract/reports';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { simWhere, type SimCriteria } from '../cards/list-query.js';

/*
 * Report SQL. Figures (chart, totals, row counts) come from the daily rollups; rows of the
 * sessions and call_sms reports come from the raw records. A filter that only names companies is
 * answered from usage_daily_company (one row per company and day); any other filter joins the
 * matching SIMs to usage_daily through its primary key.
 */

/** Whole UTC days, both included. */
export interface DayRange {
  from: string;
  to: string;
}

type Num = number | string | null;

/** The rollup counters in SQL, summed; the same list for both rollup tables. */
const SUMS = sql`
  coalesce(sum(d.sessions), 0) as sessions, coalesce(sum(d.session_seconds), 0) as session_seconds,
  coalesce(sum(d.bytes_up), 0) as bytes_up, coalesce(sum(d.bytes_down), 0) as bytes_down,
  coalesce(sum(d.sms_in), 0) as sms_in, coalesce(sum(d.sms_out), 0) as sms_out,
  coalesce(sum(d.calls_in), 0) as calls_in, coalesce(sum(d.calls_out), 0) as calls_out,
  coalesce(sum(d.call_seconds), 0) as call_seconds, coalesce(sum(d.cost_cents), 0) as cost_cents`;

export interface CounterRow {
  sessions: Num;
  session_seconds: Num;
  bytes_up: Num;
  bytes_down: Num;
  sms_in: Num;
  sms_out: Num;
  calls_in: Num;
  calls_out: Num;
  call_seconds: Num;
  cost_cents: Num;
}

export type Counters = { [K in keyof CounterRow]: number };

export function toCounters(row: CounterRow | undefined): Counters {
  const n = (value: Num | undefined) => Number(value ?? 0);
  return {
    sessions: n(row?.sessions),
    session_seconds: n(row?.session_seconds),
    bytes_up: n(row?.bytes_up),
    bytes_down: n(row?.bytes_down),
    sms_in: n(row?.sms_in),
    sms_out: n(row?.sms_out),
    calls_in: n(row?.calls_in),
    calls_out: n(row?.calls_out),
    call_seconds: n(row?.call_seconds),
    cost_cents: n(row?.cost_cents),
  };
}

export function toChartPoint(day: string, c: Counters): ReportChartPoint {
  return {
    day,
    sessions: c.sessions,
    session_seconds: c.session_seconds,
    bytes_up: c.bytes_up,
    bytes_down: c.bytes_down,
    bytes: c.bytes_up + c.bytes_down,
    sms_in: c.sms_in,
    sms_out: c.sms_out,
    calls_in: c.calls_in,
    calls_out: c.calls_out,
    call_seconds: c.call_seconds,
    cost: c.cost_cents / 100,
  };
}

/** Start of `from` and start of the day after `to`, as timestamptz bounds. */
export function timeBounds(range: DayRange): { start: SQL; end: SQL } {
  return {
    start: sql`${`${range.from}T00:00:00Z`}::timestamptz`,
    end: sql`(${`${range.to}T00:00:00Z`}::timestamptz + interval '1 day')`,
  };
}

export function companyIn(column: SQL, scope: number[] | null): SQL {
  if (scope === null) return sql`true`;
  if (scope.length === 0) return sql`false`;
  if (scope.length === 1) return sql`${column} = ${scope[0]}`;
  return sql`${column} in ${scope}`;
}

/** Nothing but companies: the company rollup answers. */
export function companiesOnly(criteria: SimCriteria): boolean {
  const { filter, csv } = criteria;
  return !filter.query?.trim() && !filter.profile && filter.group === undefined && csv === null;
}

/** Per-day sums over the filter and range; days without usage are absent (the caller fills them). */
export async function dailySums(db: Executor, criteria: SimCriteria, range: DayRange): Promise<Map<string, Counters>> {
  const rows = companiesOnly(criteria)
    ? await queryRows<CounterRow & { day: string }>(db, sql`
        select d.day::text as day, ${SUMS}
        from usage_daily_company d
        where ${companyIn(sql`d.company_id`, criteria.scope)} and d.day between ${range.from}::date and ${range.to}::date
        group by d.day`)
    : await queryRows<CounterRow & { day: string }>(db, sql`
        select d.day::text as day, ${SUMS}
        from sims s join usage_daily d on d.company_id = s.company_id and d.sim_id = s.id
        where ${simWhere(criteria)} and ${companyIn(sql`d.company_id`, criteria.scope)}
          and d.day between ${range.from}::date and ${range.to}::date
        group by d.day`);
  return new Map(rows.map((row) => [row.day, toCounters(row)]));
}

export interface SimDayRow extends CounterRow {
  day: string;
  sim_id: Num;
  iccid: string;
  msisdn: string;
}

const SIM_DAY_SORT: Record<string, SQL> = {
  day: sql`d.day`,
  iccid: sql`s.iccid`,
  sessions: sql`d.sessions`,
  bytes: sql`(d.bytes_up + d.bytes_down)`,
  sms_in: sql`d.sms_in`,
  sms_out: sql`d.sms_out`,
  calls_in: sql`d.calls_in`,
  calls_out: sql`d.calls_out`,
  cost: sql`d.cost_cents`,
};

const simDaySource = (criteria: SimCriteria, range: DayRange) => sql`
  from sims s join usage_daily d on d.company_id = s.company_id and d.sim_id = s.id
  where ${simWhere(criteria)} and ${companyIn(sql`d.company_id`, criteria.scope)}
    and d.day between ${range.from}::date and ${range.to}::date`;

const SIM_DAY_COLUMNS = sql`d.day::text as day, d.sim_id, s.iccid, s.msisdn, d.sessions, d.session_seconds, d.bytes_up, d.bytes_down,
  d.sms_in, d.sms_out, d.calls_in, d.calls_out, d.call_seconds, d.cost_cents`;

/** One page of per-SIM day rows. */
export async function simDayPage(
  db: Executor,
  criteria: SimCriteria,
  range: DayRange,
  sort: { column: string; direction: 'asc' | 'desc' },
  limit: number,
  offset: number,
): Promise<SimDayRow[]> {
  const dir = sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const expression = SIM_DAY_SORT[sort.column] ?? sql`d.day`;
  return queryRows<SimDayRow>(db, sql`
    select ${SIM_DAY_COLUMNS} ${simDaySource(criteria, range)}
    order by ${expression} ${dir}, d.day ${dir}, d.sim_id ${dir}
    limit ${limit} offset ${offset}`);
}

export async function countSimDays(db: Executor, criteria: SimCriteria, range: DayRange): Promise<number> {
  const [row] = await queryRows<{ n: Num }>(db, sql`select count(*) as n ${simDaySource(criteria, range)}`);
  return Number(row?.n ?? 0);
}

/** Keyset batch of per-SIM day rows in (day, sim) order, for streaming. */
export async function simDayBatch(
  db: Executor,
  criteria: SimCriteria,
  range: DayRange,
  after: { day: string; simId: number } | null,
  limit: number,
): Promise<SimDayRow[]> {
  const cursor = after ? sql`and (d.day, d.sim_id) > (${after.day}::date, ${after.simId})` : sql``;
  return queryRows<SimDayRow>(db, sql`
    select ${SIM_DAY_COLUMNS} ${simDaySource(criteria, range)} ${cursor}
    order by d.day, d.sim_id
    limit ${limit}`);
}

// ---- raw records -------------------------------------------------------------------------------

export interface SessionRawRow {
  id: Num;
  sim_id: Num;
  iccid: string;
  msisdn: string;
  started: Num;
  ended: Num;
  bytes_up: Num;
  bytes_down: Num;
  rat: string;
  operator: string;
  country: string;
  cost_cents: Num;
  /** started_at in full precision, for the keyset cursor. */
  cursor_at: string;
}

export interface CallSmsRawRow {
  id: Num;
  sim_id: Num;
  iccid: string;
  msisdn: string;
  kind: string;
  direction: string;
  peer: string;
  started: Num;
  seconds: Num;
  operator: string;
  country: string;
  cost_cents: Num;
  cursor_at: string;
}

const SESSION_COLUMNS = sql`u.id, u.sim_id, s.iccid, s.msisdn, extract(epoch from u.started_at)::bigint as started,
  extract(epoch from u.ended_at)::bigint as ended, u.bytes_up, u.bytes_down, u.rat, u.operator, u.country, u.cost_cents, u.started_at::text as cursor_at`;
const EVENT_COLUMNS = sql`u.id, u.sim_id, s.iccid, s.msisdn, u.kind, u.direction, u.peer,
  extract(epoch from u.started_at)::bigint as started, u.seconds, u.operator, u.country, u.cost_cents,
  u.started_at::text as cursor_at`;

const SESSION_SORT: Record<string, SQL> = {
  started: sql`u.started_at`,
  iccid: sql`s.iccid`,
  duration: sql`(u.ended_at - u.started_at)`,
  bytes: sql`(u.bytes_up + u.bytes_down)`,
  cost: sql`u.cost_cents`,
};
const EVENT_SORT: Record<string, SQL> = {
  started: sql`u.started_at`,
  iccid: sql`s.iccid`,
  kind: sql`u.kind`,
  seconds: sql`u.seconds`,
  cost: sql`u.cost_cents`,
};

export interface EventFilter {
  kind?: 'sms' | 'call' | undefined;
  direction?: 'in' | 'out' | undefined;
}

function rawSource(table: 'sessions' | 'events', criteria: SimCriteria, range: DayRange, events: EventFilter): SQL {
  const { start, end } = timeBounds(range);
  const name = table === 'sessions' ? sql`usage_sessions` : sql`usage_events`;
  const parts = [
    companyIn(sql`u.company_id`, criteria.scope),
    sql`u.started_at >= ${start} and u.started_at < ${end}`,
    simWhere(criteria),
  ];
  if (events.kind) parts.push(sql`u.kind = ${events.kind}`);
  if (events.direction) parts.push(sql`u.direction = ${events.direction}`);
  return sql`from ${name} u join sims s on s.company_id = u.company_id and s.id = u.sim_id where ${sql.join(parts, sql` and `)}`;
}

/** Seconds of the calls a filter matches, from the raw records (the rollups do not split them by direction). */
export async function callSeconds(db: Executor, criteria: SimCriteria, range: DayRange, direction: 'in' | 'out'): Promise<number> {
  const rows = await queryRows<{ seconds: Num }>(db, sql`
    select coalesce(sum(u.seconds), 0) as seconds ${rawSource('events', criteria, range, { kind: 'call', direction })}`);
  return Number(rows[0]?.seconds ?? 0);
}

export async function rawPage<T>(
  db: Executor,
  table: 'sessions' | 'events',
  criteria: SimCriteria,
  range: DayRange,
  events: EventFilter,
  sort: { column: string; direction: 'asc' | 'desc' },
  limit: number,
  offset: number,
): Promise<T[]> {
  const dir = sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const expression = (table === 'sessions' ? SESSION_SORT : EVENT_SORT)[sort.column] ?? sql`u.started_at`;
  const columns = table === 'sessions' ? SESSION_COLUMNS : EVENT_COLUMNS;
  if (sort.column === 'started') {
    // Deferred join: the page's keys come from an index-only scan of (company_id, started_at, id) or
    // (company_id, sim_id, started_at, id); only the page's own rows are read from the table.
    const name = table === 'sessions' ? sql`usage_sessions` : sql`usage_events`;
    return queryRows<T>(db, sql`
      with page as (
        select u.company_id, u.id, u.started_at ${rawSource(table, criteria, range, events)}
        order by u.started_at ${dir}, u.id ${dir}
        limit ${limit} offset ${offset})
      select ${columns}
      from page p join ${name} u on u.company_id = p.company_id and u.id = p.id
      join sims s on s.company_id = u.company_id and s.id = u.sim_id
      order by p.started_at ${dir}, p.id ${dir}`);
  }
  // The tie-breaker keeps pages stable.
  return queryRows<T>(db, sql`
    select ${columns} ${rawSource(table, criteria, range, events)}
    order by ${expression} ${dir}, u.started_at ${dir}, u.id ${dir}
    limit ${limit} offset ${offset}`);
}

const OWN_SESSION_COLUMNS = sql`u.id, u.sim_id, extract(epoch from u.started_at)::bigint as started,
  extract(epoch from u.ended_at)::bigint as ended, u.bytes_up, u.bytes_down, u.rat, u.operator, u.country, u.cost_cents, u.started_at::text as cursor_at`;
const OWN_EVENT_COLUMNS = sql`u.id, u.sim_id, u.kind, u.direction, u.peer,
  extract(epoch from u.started_at)::bigint as started, u.seconds, u.operator, u.country, u.cost_cents,
  u.started_at::text as cursor_at`;

/**
 * A keyset batch of one company's records in (started_at, id) order, read without the SIMs: a
 * range of the time index alone, whose plan cannot turn into a join that reads and sorts the whole
 * period (PostgreSQL misjudges the keyset condition's rows and does, past a few thousand rows). The
 * caller adds ICCID and number with `simIdentities`.
 */
export async function rawBatchOfCompany<T>(
  db: Executor,
  table: 'sessions' | 'events',
  companyId: number,
  range: DayRange,
  events: EventFilter,
  after: { at: string; id: number } | null,
  limit: number,
): Promise<Array<Omit<T, 'iccid' | 'msisdn'>>> {
  const { start, end } = timeBounds(range);
  const name = table === 'sessions' ? sql`usage_sessions` : sql`usage_events`;
  const parts = [sql`u.company_id = ${companyId}`, sql`u.started_at >= ${start} and u.started_at < ${end}`];
  if (events.kind) parts.push(sql`u.kind = ${events.kind}`);
  if (events.direction) parts.push(sql`u.direction = ${events.direction}`);
  if (after) parts.push(sql`(u.started_at, u.id) > (${after.at}::timestamptz, ${after.id})`);
  return queryRows(db, sql`
    select ${table === 'sessions' ? OWN_SESSION_COLUMNS : OWN_EVENT_COLUMNS}
    from ${name} u where ${sql.join(parts, sql` and `)}
    order by u.started_at, u.id
    limit ${limit}`);
}

/** ICCID and number of a company's SIMs by id (one primary-key probe each). */
export async function simIdentities(
  db: Executor,
  companyId: number,
  simIds: number[],
): Promise<Map<number, { iccid: string; msisdn: string }>> {
  if (simIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; iccid: string; msisdn: string }>(db, sql`
    select id::int as id, iccid, msisdn from sims
    where company_id = ${companyId} and id = any(${`{${simIds.join(',')}}`}::bigint[])`);
  return new Map(rows.map((r) => [Number(r.id), { iccid: r.iccid, msisdn: r.msisdn }]));
}

/** Keyset batch in (started_at, id) order, for streaming (call it with one company in the scope, so the index gives the order). */
export async function rawBatch<T>(
  db: Executor,
  table: 'sessions' | 'events',
  criteria: SimCriteria,
  range: DayRange,
  events: EventFilter,
  after: { at: string; id: number } | null,
  limit: number,
): Promise<T[]> {
  const columns = table === 'sessions' ? SESSION_COLUMNS : EVENT_COLUMNS;
  const cursor = after ? sql`and (u.started_at, u.id) > (${after.at}::timestamptz, ${after.id})` : sql``;
  return queryRows<T>(db, sql`
    select ${columns} ${rawSource(table, criteria, range, events)} ${cursor}
    order by u.started_at, u.id
    limit ${limit}`);
}
