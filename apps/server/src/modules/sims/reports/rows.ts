import type { ReportKind, ReportQuery } from '@cab/contract/reports';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { SimCriteria } from '../cards/list-query.js';
import * as raw from './records-repository.js';
import * as repo from './repository.js';
import type { CallSmsRawRow, SessionRawRow } from './records-repository.js';
import type { Counters, DayRange, SimDayRow } from './repository.js';

/*
 * Rows of a report as a stream of batches, for generation to CSV/XLSX (queue_report_generate) and
 * anything else that must read a whole report: keyset paged, so memory holds one batch at a time
 * whatever the report's size. Order: day reports by day (then SIM); sessions and call_sms by start
 * time, company after company.
 */

/** How a column's values are written: text, a whole number, bytes, seconds, EUR, a UTC day or a UTC time. */
export type ReportColumnType = 'text' | 'int' | 'bytes' | 'seconds' | 'money' | 'date' | 'datetime';

export interface ReportColumn {
  key: string;
  title: { ru: string; en: string };
  type: ReportColumnType;
}

/** One value per column of `reportColumns`, in that order; 'datetime' values are unix seconds (UTC), 'date' values YYYY-MM-DD. */
export type ReportCell = string | number | Date | null;
export type Row = ReportCell[];

/** What a report's rows are taken from: the resolved SIM filter (companies already checked) and the request. */
export type ReportScope = SimCriteria;

export const REPORT_BATCH_ROWS = 5000;

const col = (key: string, ru: string, en: string, type: ReportColumnType): ReportColumn => ({ key, title: { ru, en }, type });

const SIM_COLUMNS = [col('iccid', 'ICCID', 'ICCID', 'text'), col('msisdn', 'Номер', 'Number', 'text')];
const COUNTER_COLUMNS = [
  col('sessions', 'Сессии', 'Sessions', 'int'),
  col('session_seconds', 'Длительность сессий, с', 'Session time, s', 'seconds'),
  col('bytes_up', 'Передано, байт', 'Uploaded, bytes', 'bytes'),
  col('bytes_down', 'Принято, байт', 'Downloaded, bytes', 'bytes'),
  col('bytes', 'Трафик, байт', 'Traffic, bytes', 'bytes'),
  col('sms_in', 'SMS входящие', 'SMS in', 'int'),
  col('sms_out', 'SMS исходящие', 'SMS out', 'int'),
  col('calls_in', 'Звонки входящие', 'Calls in', 'int'),
  col('calls_out', 'Звонки исходящие', 'Calls out', 'int'),
  col('call_seconds', 'Длительность звонков, с', 'Call time, s', 'seconds'),
  col('cost', 'Стоимость, EUR', 'Cost, EUR', 'money'),
];

/** Columns of a report; the day report has ICCID and number only per SIM (`bySim`). */
export function reportColumns(kind: ReportKind, options: { bySim?: boolean } = {}): ReportColumn[] {
  switch (kind) {
    case 'day':
      return [col('day', 'День', 'Day', 'date'), ...(options.bySim ? SIM_COLUMNS : []), ...COUNTER_COLUMNS];
    case 'sessions':
      return [
        ...SIM_COLUMNS,
        col('started', 'Начало', 'Start', 'datetime'),
        col('ended', 'Окончание', 'End', 'datetime'),
        col('duration', 'Длительность, с', 'Duration, s', 'seconds'),
        col('bytes_up', 'Передано, байт', 'Uploaded, bytes', 'bytes'),
        col('bytes_down', 'Принято, байт', 'Downloaded, bytes', 'bytes'),
        col('bytes', 'Трафик, байт', 'Traffic, bytes', 'bytes'),
        col('rat', 'Технология', 'RAT', 'text'),
        col('operator', 'Оператор (MCC-MNC)', 'Operator (MCC-MNC)', 'text'),
        col('country', 'Страна', 'Country', 'text'),
        col('cost', 'Стоимость, EUR', 'Cost, EUR', 'money'),
      ];
    case 'call_sms':
      return [
        ...SIM_COLUMNS,
        col('kind', 'Тип', 'Type', 'text'),
        col('direction', 'Направление', 'Direction', 'text'),
        col('peer', 'Абонент', 'Peer number', 'text'),
        col('started', 'Время', 'Time', 'datetime'),
        col('seconds', 'Длительность, с', 'Duration, s', 'seconds'),
        col('operator', 'Оператор (MCC-MNC)', 'Operator (MCC-MNC)', 'text'),
        col('country', 'Страна', 'Country', 'text'),
        col('cost', 'Стоимость, EUR', 'Cost, EUR', 'money'),
      ];
  }
}

const counterCells = (c: Counters): Row => [
  c.sessions,
  c.session_seconds,
  c.bytes_up,
  c.bytes_down,
  c.bytes_up + c.bytes_down,
  c.sms_in,
  c.sms_out,
  c.calls_in,
  c.calls_out,
  c.call_seconds,
  c.cost_cents / 100,
];

/*
 * Times of raw records stay unix seconds (writers take them for 'datetime' columns): a Date per
 * cell would be two million more objects to collect for a million-row file.
 */
export function sessionCells(r: SessionRawRow): Row {
  const started = Number(r.started);
  const ended = Number(r.ended);
  const up = Number(r.bytes_up);
  const down = Number(r.bytes_down);
  return [r.iccid, r.msisdn, started, ended, ended - started, up, down, up + down, r.rat, r.operator, r.country, Number(r.cost_cents) / 100];
}

export function callSmsCells(r: CallSmsRawRow): Row {
  return [r.iccid, r.msisdn, r.kind, r.direction, r.peer, Number(r.started), Number(r.seconds), r.operator, r.country, Number(r.cost_cents) / 100];
}

function simDayCells(r: SimDayRow): Row {
  return [r.day, r.iccid, r.msisdn, ...counterCells(repo.toCounters(r))];
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

const EMPTY: Counters = repo.toCounters(undefined);

function rangeOf(request: ReportQuery): DayRange {
  if (!request.from || !request.to) throw new Error('report range missing: validate the request first');
  return { from: request.from, to: request.to };
}

/** The companies to walk one after another (each one's index gives the start-time order). */
async function companiesToWalk(db: Executor, scope: ReportScope): Promise<number[]> {
  if (scope.scope !== null) return [...scope.scope].sort((a, b) => a - b);
  const rows = await queryRows<{ id: number | string }>(db, sql`select id from companies order by id`);
  return rows.map((r) => Number(r.id));
}

type Cursor = { at: string; id: number };
/** A batch of records and where the next one starts (null after the last). */
interface Batch<T> {
  rows: T[];
  next: Cursor | null;
}

function nextCursor(rows: Array<{ cursor_at: string; id: unknown }>, limit: number): Cursor | null {
  const last = rows.at(-1);
  return last && rows.length === limit ? { at: last.cursor_at, id: Number(last.id) } : null;
}

/** Records of SIMs matching a filter beyond companies, joined to the SIMs. */
async function joinedBatch<T extends SessionRawRow | CallSmsRawRow>(
  db: Executor,
  table: 'sessions' | 'events',
  one: ReportScope,
  range: DayRange,
  events: raw.EventFilter,
  after: Cursor | null,
  limit: number,
): Promise<Batch<T>> {
  const rows = await raw.rawBatch<T>(db, table, one, range, events, after, limit);
  return { rows, next: nextCursor(rows, limit) };
}

/**
 * Records of a filter that names only companies: the records alone, then their SIMs' ICCID and
 * number. A record whose SIM is no longer the company's is left out, as the on-screen join does.
 */
async function ownBatch<T extends SessionRawRow | CallSmsRawRow>(
  db: Executor,
  table: 'sessions' | 'events',
  one: ReportScope,
  range: DayRange,
  events: raw.EventFilter,
  after: Cursor | null,
  limit: number,
): Promise<Batch<T>> {
  const companyId = one.scope?.[0];
  if (companyId === undefined) return { rows: [], next: null };
  const records = await raw.rawBatchOfCompany<T>(db, table, companyId, range, events, after, limit);
  const sims = await raw.simIdentities(db, companyId, [...new Set(records.map((r) => Number(r.sim_id)))]);
  const rows: T[] = [];
  for (const record of records) {
    const sim = sims.get(Number(record.sim_id));
    if (!sim) continue;
    // Named in place: a copy per record is a million short-lived objects for a big file.
    const row = record as T;
    row.iccid = sim.iccid;
    row.msisdn = sim.msisdn;
    rows.push(row);
  }
  return { rows, next: nextCursor(records, limit) };
}

/**
 * The report's rows in batches of at most `batchRows`. The request must have passed
 * `validateReportRequest` (dates present, range bounded) and `scope` come from `resolveReportScope`.
 */
export async function* reportRows(
  db: Executor,
  scope: ReportScope,
  request: ReportQuery,
  batchRows: number = REPORT_BATCH_ROWS,
): AsyncIterable<Row[]> {
  const range = rangeOf(request);
  const limit = Math.max(1, Math.min(batchRows, 10_000));
  if (request.kind === 'day' && !request.by_sim) {
    const sums = await repo.dailySums(db, scope, range);
    yield daysOf(range).map((day) => [day, ...counterCells(sums.get(day) ?? EMPTY)]);
    return;
  }
  if (request.kind === 'day') {
    let after: { day: string; simId: number } | null = null;
    for (;;) {
      const rows = await repo.simDayBatch(db, scope, range, after, limit);
      if (rows.length === 0) return;
      yield rows.map(simDayCells);
      const last = rows[rows.length - 1] as SimDayRow;
      after = { day: last.day, simId: Number(last.sim_id) };
      if (rows.length < limit) return;
    }
  }
  const table = request.kind === 'sessions' ? 'sessions' : 'events';
  const eventFilter: raw.EventFilter = request.kind === 'call_sms' ? { kind: request.type, direction: request.direction } : {};
  const read = repo.companiesOnly(scope) ? ownBatch : joinedBatch;
  for (const companyId of await companiesToWalk(db, scope)) {
    const one: ReportScope = { ...scope, scope: [companyId] };
    const readBatch = (after: Cursor | null): Promise<Batch<SessionRawRow | CallSmsRawRow>> => {
      const reading =
        table === 'sessions'
          ? read<SessionRawRow>(db, 'sessions', one, range, {}, after, limit)
          : read<CallSmsRawRow>(db, 'events', one, range, eventFilter, after, limit);
      // Awaited below; this only keeps a batch nobody waits for any more (a cancelled file) quiet.
      reading.catch(() => undefined);
      return reading;
    };
    let pending: Promise<Batch<SessionRawRow | CallSmsRawRow>> | null = readBatch(null);
    while (pending) {
      const batch: Batch<SessionRawRow | CallSmsRawRow> = await pending;
      // The next batch is read while this one is written to the file.
      pending = batch.next ? readBatch(batch.next) : null;
      if (batch.rows.length > 0) {
        yield table === 'sessions' ? (batch.rows as SessionRawRow[]).map(sessionCells) : (batch.rows as CallSmsRawRow[]).map(callSmsCells);
      }
    }
  }
}

/** How many rows `reportRows` will give (from the rollups, so it is cheap), for progress. */
export async function countReportRows(db: Executor, scope: ReportScope, request: ReportQuery): Promise<number> {
  const range = rangeOf(request);
  if (request.kind === 'day') return request.by_sim ? repo.countSimDays(db, scope, range) : daysOf(range).length;
  const sums = await repo.dailySums(db, scope, range);
  let total = 0;
  for (const c of sums.values()) total += rowsCounted(request, c);
  return total;
}

/** Raw records a day's counters stand for, under the report's kind and direction filters. */
export function rowsCounted(request: ReportQuery, c: Counters): number {
  if (request.kind === 'sessions') return c.sessions;
  if (request.kind !== 'call_sms') return 0;
  const sms = request.type === 'call' ? 0 : request.direction === 'in' ? c.sms_in : request.direction === 'out' ? c.sms_out : c.sms_in + c.sms_out;
  const calls =
    request.type === 'sms' ? 0 : request.direction === 'in' ? c.calls_in : request.direction === 'out' ? c.calls_out : c.calls_in + c.calls_out;
  return sms + calls;
}
