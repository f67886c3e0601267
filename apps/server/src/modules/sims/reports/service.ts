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
import { daysOf, rowsCounted, type ReportScope } from './rows.js';

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
  const chart: ReportChartPoint[] = daysOf(range).map((day) => repo.toChartPoint(day, sums.get(day) ?? ZERO));
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
    const [figures, rows, total] = await Promise.all([
      chartAndTotals(db, scope, range),
      offset < REPORT_OFFSET_MAX ? repo.simDayPage(db, scope, range, sort, request.size, offset) : [],
      repo.countSimDays(db, scope, range),
    ]);
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

export async function sessionsReport(db: Db, principal: Principal, request: SessionsReportQuery): Promise<SessionsReportResult> {
  const { range, scope } = await prepareReport(db, principal, request);
  const offset = offsetOf(request);
  const [figures, rows] = await Promise.all([
    chartAndTotals(db, scope, range),
    offset < REPORT_OFFSET_MAX
      ? raw.rawPage<SessionRawRow>(db, 'sessions', scope, range, {}, sortOf(request.sort, 'started'), request.size, offset)
      : [],
  ]);
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
  const offset = offsetOf(request);
  const events = { kind: request.type, direction: request.direction };
  const [figures, rows] = await Promise.all([
    chartAndTotals(db, scope, range),
    offset < REPORT_OFFSET_MAX
      ? raw.rawPage<CallSmsRawRow>(db, 'events', scope, range, events, sortOf(request.sort, 'started'), request.size, offset)
      : [],
  ]);
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
