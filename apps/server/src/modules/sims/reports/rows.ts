import type { ReportQuery } from '@cab/contract/reports';
import type { Executor } from '../../../db/client.js';
import { csvText } from '../../../formats/csv-text.js';
import type { SimCriteria } from '../list/index.js';
import * as lines from './csv-lines-repository.js';
import * as raw from './records-repository.js';
import * as repo from './repository.js';
import { simDayRows, type SimDayCursor } from './sim-day-batches.js';
import type { CallSmsRawRow, SessionRawRow } from './records-repository.js';
import type { Counters, DayRange, SimDayRow } from './repository.js';

export { reportColumns, type ReportColumn, type ReportColumnType } from './columns.js';

/*
 * Rows of a report as a stream of batches, for generation to CSV/XLSX (queue_report_generate) and
 * anything else that must read a whole report: keyset paged, so memory holds one batch at a time
 * whatever the report's size. Order: company after company; within one, day reports by day (then
 * SIM), sessions and call_sms by start time.
 */

/** One value per column of `reportColumns`, in that order; 'datetime' values are unix seconds (UTC), 'date' values YYYY-MM-DD. */
export type ReportCell = string | number | Date | null;
export type Row = ReportCell[];

/** What a report's rows are taken from: the resolved SIM filter (companies already checked) and the request. */
export type ReportScope = SimCriteria;

export const REPORT_BATCH_ROWS = 5000;

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

const EMPTY: Counters = repo.toCounters(undefined);

function rangeOf(request: ReportQuery): DayRange {
  if (!request.from || !request.to) throw new Error('report range missing: validate the request first');
  return { from: request.from, to: request.to };
}

/** The companies to walk one after another (each one's index gives the start-time order). */
async function companiesToWalk(db: Executor, scope: ReportScope): Promise<number[]> {
  if (scope.scope !== null) return [...scope.scope].sort((a, b) => a - b);
  return repo.allCompanyIds(db);
}

/** Where a batch of raw records starts: the last (started_at, id) read. */
type Cursor = NonNullable<raw.BatchCursor>;
/**
 * A batch: where the next one starts (null after the last), known once its records are read, and its
 * rows, which may still be completing (their SIMs' ICCID and number are read while the next batch's
 * records are: walkCompanies).
 */
interface Batch<T, C = Cursor> {
  rows: Promise<T[]>;
  next: C | null;
}

function nextCursor(rows: Array<{ cursor_at: string; id: unknown }>, limit: number): Cursor | null {
  const last = rows.at(-1);
  return last && rows.length === limit ? { at: last.cursor_at, id: Number(last.id) } : null;
}

/**
 * A batch's records as `name` makes them of each with its SIM's ICCID and number, read by SIM id. A
 * record whose SIM is no longer the company's is left out, as the on-screen join does.
 */
async function namedBySim<R extends { sim_id: unknown }, T>(
  db: Executor,
  companyId: number,
  records: R[],
  name: (record: R, sim: { iccid: string; msisdn: string }) => T,
): Promise<T[]> {
  const sims = await raw.simIdentities(db, companyId, [...new Set(records.map((r) => Number(r.sim_id)))]);
  const named: T[] = [];
  for (const record of records) {
    const sim = sims.get(Number(record.sim_id));
    if (sim) named.push(name(record, sim));
  }
  return named;
}

/**
 * One company's records (of `simIds` only, when the filter says more than companies): the records
 * alone, then their SIMs' ICCID and number (namedBySim).
 */
async function ownBatch<T extends SessionRawRow | CallSmsRawRow>(
  db: Executor,
  table: 'sessions' | 'events',
  walked: Walked,
  range: DayRange,
  events: raw.EventFilter,
  after: Cursor | null,
  limit: number,
): Promise<Batch<T>> {
  const records = await raw.rawBatchOfCompany<T>(db, table, walked, range, events, after, limit);
  const rows = namedBySim(db, walked.companyId, records, (record, sim) => {
    // Named in place: a copy per record is a million short-lived objects for a big file.
    const row = record as T;
    row.iccid = sim.iccid;
    row.msisdn = sim.msisdn;
    return row;
  });
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
    yield repo.daysOf(range).map((day) => [day, ...counterCells(sums.get(day) ?? EMPTY)]);
    return;
  }
  if (request.kind === 'day') {
    yield* walkCompanies(
      db,
      scope,
      (walked, after: SimDayCursor | null) => simDayBatch(db, walked, range, after, limit),
      (rows) => rows.map(simDayCells),
    );
    return;
  }
  const table = request.kind === 'sessions' ? 'sessions' : 'events';
  const events = eventFilterOf(request);
  const toCells = table === 'sessions' ? sessionCells : callSmsCells;
  yield* walkCompanies(
    db,
    scope,
    (walked, after: Cursor | null) => ownBatch<SessionRawRow & CallSmsRawRow>(db, table, walked, range, events, after, limit),
    (rows) => rows.map((r) => toCells(r)),
  );
}

const eventFilterOf = (request: ReportQuery): raw.EventFilter =>
  request.kind === 'call_sms' ? { kind: request.type, direction: request.direction } : {};

/** One company of a report's walk, and the SIMs of it the filter matches (null: all of them). */
type Walked = raw.BatchSource;

/** A batch of one company's per-SIM day rows in (day, SIM) order. */
async function simDayBatch(db: Executor, walked: Walked, range: DayRange, after: SimDayCursor | null, limit: number): Promise<Batch<SimDayRow, SimDayCursor>> {
  const rows = await simDayRows(db, walked, range, after, limit);
  const last = rows.at(-1);
  return { rows: Promise.resolve(rows), next: last && rows.length === limit ? { day: last.day, simId: Number(last.sim_id) } : null };
}

/**
 * Batches of rows company after company, each company's in its own order (records by start time
 * through its time index, per-SIM days by day and SIM); a filter that says more than companies
 * gives each company's matching SIMs, kept by the batches. The next batch's records are read as soon
 * as this one's are: while this batch's SIMs are named and while the caller handles it (two
 * statements at once, so PostgreSQL uses both cores of a two-core machine, not one).
 */
async function* walkCompanies<T, C, R>(
  db: Executor,
  scope: ReportScope,
  readBatch: (walked: Walked, after: C | null) => Promise<Batch<T, C>>,
  convert: (rows: T[]) => R[],
): AsyncIterable<R[]> {
  const everySim = repo.companiesOnly(scope);
  for (const companyId of await companiesToWalk(db, scope)) {
    const simIds = everySim ? null : await raw.matchingSimIds(db, { ...scope, scope: [companyId] });
    if (simIds?.length === 0) continue;
    const start = (after: C | null) => {
      const reading = readBatch({ companyId, simIds }, after);
      // Awaited below; this only keeps a batch nobody waits for any more (a cancelled file) quiet.
      reading.then((batch) => batch.rows).catch(() => undefined);
      return reading;
    };
    let pending: Promise<Batch<T, C>> | null = start(null);
    while (pending) {
      const batch: Batch<T, C> = await pending;
      pending = batch.next ? start(batch.next) : null;
      const rows = await batch.rows;
      if (rows.length > 0) yield convert(rows);
    }
  }
}

/**
 * A sessions or call_sms report as CSV lines (no line ends) made by the database, in `reportRows`'
 * order and as the CSV writer would print its rows: the fast way to write a big file.
 */
export async function* reportCsvLines(
  db: Executor,
  scope: ReportScope,
  request: ReportQuery,
  batchRows: number = REPORT_BATCH_ROWS,
): AsyncIterable<string[]> {
  if (request.kind === 'day') throw new Error('day reports have no raw records');
  const range = rangeOf(request);
  const limit = Math.max(1, Math.min(batchRows, 10_000));
  const events = eventFilterOf(request);
  yield* walkCompanies(
    db,
    scope,
    async (walked, after: Cursor | null) => {
      const records = await lines.lineBatch(db, request, walked, range, events, after, limit);
      const rows = namedBySim(db, walked.companyId, records, (record, sim) => `${csvText(sim.iccid)},${csvText(sim.msisdn)},${record.line}`);
      return { rows, next: nextCursor(records, limit) };
    },
    (rows) => rows,
  );
}

/** How many rows `reportRows` will give (from the rollups, so it is cheap), for progress. */
export async function countReportRows(db: Executor, scope: ReportScope, request: ReportQuery): Promise<number> {
  const range = rangeOf(request);
  if (request.kind === 'day' && !request.by_sim) return repo.daysOf(range).length;
  const sums = await repo.dailySums(db, scope, range);
  if (request.kind === 'day') return repo.simDaysIn(sums);
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
