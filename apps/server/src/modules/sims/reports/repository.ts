import type { ReportChartPoint } from '@cab/contract/reports';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { type SimCriteria, simWhere } from '../list/index.js';

/*
 * Report SQL of the daily rollups: figures (chart, totals, row counts) and the per-SIM day rows;
 * the raw records' rows are in records-repository.ts. A filter that only names companies is
 * answered from usage_daily_company (one row per company and day), one that adds a profile, a
 * group or a label from that one's rollup; any other filter joins the matching SIMs to usage_daily.
 */

/** Whole UTC days, both included. */
export interface DayRange {
  from: string;
  to: string;
}

export type Num = number | string | null;

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

/** Every day of the range, in order (YYYY-MM-DD). */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  const end = Date.parse(`${range.to}T00:00:00Z`);
  // Bounded: the range is at most REPORT_RANGE_MAX_DAYS long (checked before any query).
  for (let t = Date.parse(`${range.from}T00:00:00Z`), n = 0; t <= end && n < 400; t += 86_400_000, n++) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Start of `from` and start of the day after `to`, as timestamptz bounds. Both are constants: the
 * planner then leaves out every time partition past the range (an expression such as `to + interval
 * '1 day'` is only known when the query starts, so each later partition was planned, with a filter's
 * whole SIM list, and dropped again).
 */
export function timeBounds(range: DayRange): { start: SQL; end: SQL } {
  const dayAfter = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000).toISOString();
  return { start: sql`${`${range.from}T00:00:00Z`}::timestamptz`, end: sql`${dayAfter}::timestamptz` };
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
  return !filter.query?.trim() && !filter.profile && filter.group === undefined && !filter.label && csv === null;
}

/**
 * The coarse rollup that answers a filter of companies, or of companies and one profile, group or
 * label, as `d` restricted to the filter (days not yet); null when only the per-SIM rows can.
 */
function coarseRollup(criteria: SimCriteria): SQL | null {
  const companies = companyIn(sql`d.company_id`, criteria.scope);
  const { profile, group, label, ...rest } = criteria.filter;
  if (companiesOnly(criteria)) return sql`usage_daily_company d where ${companies}`;
  // One dimension besides the companies.
  if ([profile, group, label].filter((value) => value !== undefined && value !== '').length !== 1) return null;
  if (!companiesOnly({ ...criteria, filter: rest })) return null;
  if (profile) return sql`usage_daily_profile d where ${companies} and d.profile = ${profile}`;
  if (group !== undefined) return sql`usage_daily_group d where ${companies} and d.group_id = ${group}`;
  return sql`usage_daily_label d where ${companies} and d.label = ${label}`;
}

/** A day's sums, and how many per-SIM day rows (SIMs with usage that day) they are made of. */
export interface DaySums extends Counters {
  simDays: number;
}

/**
 * Per-day sums over the filter and range; days without usage are absent (the caller fills them).
 * One read gives the figures and the per-SIM row count of each day, so a report by SIM needs no
 * second pass over the matching SIMs' rows to count or to page by day.
 */
export async function dailySums(db: Executor, criteria: SimCriteria, range: DayRange): Promise<Map<string, DaySums>> {
  const days = sql`d.day between ${range.from}::date and ${range.to}::date`;
  const coarse = coarseRollup(criteria);
  type Row = CounterRow & { day: string; sim_days: Num };
  const rows = coarse
    ? await queryRows<Row>(db, sql`
        select d.day::text as day, ${SUMS}, coalesce(sum(d.sim_days), 0) as sim_days from ${coarse} and ${days} group by d.day`)
    : await queryRows<Row>(db, sql`
        select d.day::text as day, ${SUMS}, count(*) as sim_days
        from sims s join usage_daily d on d.company_id = s.company_id and d.sim_id = s.id
        where ${simWhere(criteria)} and ${companyIn(sql`d.company_id`, criteria.scope)} and ${days}
        group by d.day`);
  return new Map(rows.map((row) => [row.day, { ...toCounters(row), simDays: Number(row.sim_days ?? 0) }]));
}

/** The per-SIM day rows of a range, from its daily sums. */
export function simDaysIn(sums: Map<string, DaySums>): number {
  let total = 0;
  for (const day of sums.values()) total += day.simDays;
  return total;
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

/**
 * A keyset batch of all of one company's per-SIM day rows in (day, sim) order, for streaming: a walk
 * of (company_id, day, sim_id) that stops at the batch, each row named by its SIM (a SIM no longer
 * the company's is left out, as on screen). A filter's SIMs are read by `simDayRowsOf` instead.
 */
export async function simDayBatchOfCompany(
  db: Executor,
  companyId: number,
  range: DayRange,
  after: { day: string; simId: number } | null,
  limit: number,
): Promise<SimDayRow[]> {
  const cursor = after ? sql`and (d.day, d.sim_id) > (${after.day}::date, ${after.simId})` : sql``;
  return queryRows(db, sql`
    select ${SIM_DAY_COLUMNS}
    from usage_daily d join sims s on s.company_id = d.company_id and s.id = d.sim_id
    where d.company_id = ${companyId} and d.day between ${range.from}::date and ${range.to}::date ${cursor}
    order by d.day, d.sim_id
    limit ${limit}`);
}

/**
 * One day's per-SIM rows of `simIds`, in SIM order: a probe of the company's (company_id, sim_id,
 * day) index per SIM, which holds the counters (usage_daily_sim_cover_idx), each row named by its
 * SIM (a SIM no longer the company's is left out, as on screen).
 */
export async function simDayRowsOf(db: Executor, companyId: number, simIds: number[], day: string): Promise<SimDayRow[]> {
  return queryRows(db, sql`
    select ${SIM_DAY_COLUMNS}
    from unnest(${`{${simIds.join(',')}}`}::bigint[]) as m(sim_id)
    join usage_daily d on d.company_id = ${companyId} and d.sim_id = m.sim_id and d.day = ${day}::date
    join sims s on s.company_id = d.company_id and s.id = d.sim_id
    order by d.sim_id`);
}

// ---- raw records -------------------------------------------------------------------------------

/** Every company's id, ascending (a root report walks them one by one). */
export async function allCompanyIds(db: Executor): Promise<number[]> {
  const rows = await queryRows<{ id: number | string }>(db, sql`select id from companies order by id`);
  return rows.map((r) => Number(r.id));
}
