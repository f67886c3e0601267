import {
  REPORT_OFFSET_MAX,
  REPORT_RANGE_MAX_DAYS,
  rangeDays,
  reportFilterGiven,
  type CallSmsReportQuery,
  type CallSmsReportResult,
  type DayReportQuery,
  type DayReportResult,
  type DayReportRow,
  type ReportChartPoint,
  type ReportQuery,
  type SessionsReportQuery,
  type SessionsReportResult,
} from '@cab/contract/reports';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { groupVisible, parseCsvFilter } from '../list/index.js';
import * as raw from './records-repository.js';
import * as repo from './repository.js';
import type { CallSmsRawRow, SessionRawRow } from './records-repository.js';
import type { DayRange } from './repository.js';
import { rowsCounted, type ReportScope } from './rows.js';

type AnyReportQuery = DayReportQuery | SessionsReportQuery | CallSmsReportQuery;

/**
 * The spec's rule (§5 'Reports need a filter and dates'): a filter and both dates, the range in
 * order and at most REPORT_RANGE_MAX_DAYS long. Checked before anything is read.
 */
export function validateReportRequest(request: Pick<AnyReportQuery, 'filter' | 'from' | 'to'>): DayRange {
  const { from, to } = request;
  if (!reportFilterGiven(request.filter) || !from || !to) throw new AppError('report_filter_empty');
  const days = rangeDays(from, to);
  if (!(days >= 1)) throw new AppError('report_range_invalid', { from: 'invalid' });
  if (days > REPORT_RANGE_MAX_DAYS) throw new AppError('report_range_too_long', { to: 'invalid' }, { max: REPORT_RANGE_MAX_DAYS });
  return { from, to };
}

/**
 * The SIM filter of a report as criteria over `sims s`, with the company scope of the principal
 * (a company or group outside it answers 404) and the CSV parsed with the cards list's rules.
 */
export async function resolveReportScope(db: Db, principal: Principal, request: Pick<AnyReportQuery, 'filter'>): Promise<ReportScope> {
  const { csv, company, childs, ...rest } = request.filter;
  const parsedCsv = csv !== undefined && csv.trim() !== '' ? parseCsvFilter(csv) : null;
  const scope = await resolveCompanyScope(db, principal, company, childs ?? false);
  if (rest.group !== undefined && !(await groupVisible(db, scope, rest.group))) throw new AppError('not_found');
  return { scope, filter: { blocked: 0, query: rest.query, profile: rest.profile, group: rest.group, label: rest.label }, csv: parsedCsv };
}

/**
 * Validation and scope together, as every report route and generation needs them ('reports.read' is
 * the gate's: the report routes' access, the generation's `requires`).
 */
export async function prepareReport(db: Db, principal: Principal, request: AnyReportQuery): Promise<{ range: DayRange; scope: ReportScope }> {
  const range = validateReportRequest(request);
  const scope = await resolveReportScope(db, principal, request);
  return { range, scope };
}

const ZERO = repo.toCounters(undefined);

/** Every day of the range with its sums (zero where nothing happened), and the totals. */
async function chartAndTotals(db: Db, scope: ReportScope, range: DayRange) {
  const sums = await repo.dailySums(db, scope, range);
  const chart: ReportChartPoint[] = repo.daysOf(range).map((day) => repo.toChartPoint(day, sums.get(day) ?? ZERO));
  const total = { ...ZERO };
  for (const c of sums.values()) for (const key of Object.keys(total) as Array<keyof repo.Counters>) total[key] += c[key];
  const { day: _day, ...totals } = repo.toChartPoint('', total);
  void _day;
  return { chart, totals, sums };
}

const offsetOf = (request: { page: number; size: number }) => request.page * request.size;
const sortOf = <C extends string>(sort: { column: C; direction: 'asc' | 'desc' } | undefined, column: C) =>
  sort ?? { column, direction: 'desc' as const };

export async function dayReport(db: Db, principal: Principal, request: DayReportQuery): Promise<DayReportResult> {
  const { range, scope } = await prepareReport(db, principal, request);
  const sort = sortOf(request.sort, 'day');
  const offset = offsetOf(request);
  if (request.by_sim) {
    const figures = await chartAndTotals(db, scope, range);
    const total = repo.simDaysIn(figures.sums);
    const byTime = sort.column === 'day';
    const page = pageWithin((day) => figures.sums.get(day)?.simDays ?? 0, range, { byTime, direction: sort.direction }, offset, request.size);
    const rows = page ? await repo.simDayPage(db, scope, page.range, sort, request.size, page.offset) : [];
    const items: DayReportRow[] = rows.map((r) => ({
      ...repo.toChartPoint(r.day, repo.toCounters(r)),
      sim_id: Number(r.sim_id),
      iccid: r.iccid,
      msisdn: r.msisdn,
    }));
    return { items, total, totals: figures.totals, chart: figures.chart };
  }
  const { chart, totals } = await chartAndTotals(db, scope, range);
  const key = sort.column === 'iccid' ? 'day' : sort.column;
  const value = (p: ReportChartPoint): number | string => (key === 'day' ? p.day : p[key]);
  const sign = sort.direction === 'asc' ? 1 : -1;
  const ordered = [...chart].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return (x < y ? -1 : x > y ? 1 : a.day < b.day ? -1 : a.day > b.day ? 1 : 0) * sign;
  });
  const items = ordered.slice(offset, offset + request.size).map((p) => ({ ...p, sim_id: null, iccid: null, msisdn: null }));
  return { items, total: chart.length, totals, chart };
}

const cents = (value: unknown) => Number(value) / 100;

/**
 * Where a page of rows lies. Sorted by time (records by start, per-SIM rows by day), the rollups'
 * count per day says which days hold rows offset..offset+size: the page reads those days alone,
 * with the offset into them — never the days where the filter has nothing (a group whose SIMs were
 * quiet for the last two days made the newest-first walk read 260,000 of the company's records for
 * 25), nor the rows of the pages before. Any other order reads the whole range. Null: past the last
 * row, or beyond REPORT_OFFSET_MAX.
 */
export function pageWithin(
  rowsOn: (day: string) => number,
  range: DayRange,
  sort: { byTime: boolean; direction: 'asc' | 'desc' },
  offset: number,
  size: number,
): { range: DayRange; offset: number } | null {
  if (offset >= REPORT_OFFSET_MAX) return null;
  if (!sort.byTime) return { range, offset };
  const days = sort.direction === 'desc' ? repo.daysOf(range).reverse() : repo.daysOf(range);
  let seen = 0;
  let first: string | null = null;
  let last: string | null = null;
  let skip = 0;
  for (const day of days) {
    const rows = rowsOn(day);
    if (rows === 0) continue;
    if (first === null) {
      if (seen + rows <= offset) {
        seen += rows;
        continue;
      }
      first = day;
      skip = offset - seen;
    }
    last = day;
    seen += rows;
    if (seen >= offset + size) break;
  }
  if (first === null || last === null) return null;
  return { range: first < last ? { from: first, to: last } : { from: last, to: first }, offset: skip };
}

export async function sessionsReport(db: Db, principal: Principal, request: SessionsReportQuery): Promise<SessionsReportResult> {
  const { range, scope } = await prepareReport(db, principal, request);
  const sort = sortOf(request.sort, 'started');
  const figures = await chartAndTotals(db, scope, range);
  const rowsOn = (day: string) => figures.sums.get(day)?.sessions ?? 0;
  const page = pageWithin(rowsOn, range, { byTime: sort.column === 'started', direction: sort.direction }, offsetOf(request), request.size);
  const rows = page ? await raw.rawPage<SessionRawRow>(db, 'sessions', scope, page.range, {}, sort, request.size, page.offset) : [];
  const items = rows.map((r) => {
    const started = Number(r.started);
    const ended = Number(r.ended);
    const up = Number(r.bytes_up);
    const down = Number(r.bytes_down);
    return {
      id: Number(r.id),
      sim_id: Number(r.sim_id),
      iccid: r.iccid,
      msisdn: r.msisdn,
      started,
      ended,
      duration: ended - started,
      bytes_up: up,
      bytes_down: down,
      bytes: up + down,
      rat: r.rat,
      operator: r.operator,
      country: r.country,
      cost: cents(r.cost_cents),
    };
  });
  return { items, total: figures.totals.sessions, totals: figures.totals, chart: figures.chart };
}

export async function callSmsReport(db: Db, principal: Principal, request: CallSmsReportQuery): Promise<CallSmsReportResult> {
  const { range, scope } = await prepareReport(db, principal, request);
  const events = { kind: request.type, direction: request.direction };
  const sort = sortOf(request.sort, 'started');
  const figures = await chartAndTotals(db, scope, range);
  const rowsOn = (day: string) => rowsCounted({ ...request, kind: 'call_sms' }, figures.sums.get(day) ?? ZERO);
  const page = pageWithin(rowsOn, range, { byTime: sort.column === 'started', direction: sort.direction }, offsetOf(request), request.size);
  const rows = page ? await raw.rawPage<CallSmsRawRow>(db, 'events', scope, page.range, events, sort, request.size, page.offset) : [];
  const query: ReportQuery = { ...request, kind: 'call_sms' };
  let total = 0;
  for (const c of figures.sums.values()) total += rowsCounted(query, c);
  const totals = await narrowedTotals(db, scope, range, request, figures.totals);
  const items = rows.map((r) => ({
    id: Number(r.id),
    sim_id: Number(r.sim_id),
    iccid: r.iccid,
    msisdn: r.msisdn,
    kind: r.kind === 'call' ? ('call' as const) : ('sms' as const),
    direction: r.direction === 'in' ? ('in' as const) : ('out' as const),
    peer: r.peer,
    started: Number(r.started),
    seconds: Number(r.seconds),
    operator: r.operator,
    country: r.country,
    cost: cents(r.cost_cents),
  }));
  return { items, total, totals, chart: figures.chart };
}

type Totals = Omit<ReportChartPoint, 'day'>;

/**
 * The call_sms totals under its type and direction filters: what the filter leaves out counts zero,
 * and the call time of one direction is summed from the records (the rollups hold both directions).
 */
async function narrowedTotals(db: Db, scope: ReportScope, range: DayRange, request: CallSmsReportQuery, all: Totals): Promise<Totals> {
  const { type, direction } = request;
  const sms = type !== 'call';
  const calls = type !== 'sms';
  const keep = (wanted: boolean, value: number) => (wanted ? value : 0);
  const callSeconds = !calls ? 0 : direction ? await raw.callSeconds(db, scope, range, direction) : all.call_seconds;
  return {
    ...all,
    sms_in: keep(sms && direction !== 'out', all.sms_in),
    sms_out: keep(sms && direction !== 'in', all.sms_out),
    calls_in: keep(calls && direction !== 'out', all.calls_in),
    calls_out: keep(calls && direction !== 'in', all.calls_out),
    call_seconds: callSeconds,
  };
}
