import type { ReportQuery } from '@cab/contract/reports';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { companyBatchSql, type BatchCursor, type BatchSource, type EventFilter } from './records-repository.js';
import type { DayRange } from './repository.js';
import { reportColumns, type ReportColumnType } from './columns.js';

/*
 * CSV lines of the raw records (sessions, calls and SMS) composed by the database, for generated
 * files: Node then joins strings instead of parsing a dozen columns per record and formatting each
 * cell, which was the limit of a million-row file. The cells are exactly what the CSV writer
 * (generated-reports/writers.ts) makes of `reportRows`; a test holds both to that on tricky values.
 */

export type RawTable = 'sessions' | 'events';

/** The value of each raw-record column of the report (`u` the record) but the SIM's own. */
const VALUES: Record<RawTable, Record<string, SQL>> = {
  sessions: {
    started: sql`u.started_at`,
    ended: sql`u.ended_at`,
    duration: sql`(extract(epoch from u.ended_at)::bigint - extract(epoch from u.started_at)::bigint)`,
    bytes_up: sql`u.bytes_up`,
    bytes_down: sql`u.bytes_down`,
    bytes: sql`(u.bytes_up + u.bytes_down)`,
    rat: sql`u.rat`,
    operator: sql`u.operator`,
    country: sql`u.country`,
    cost: sql`u.cost_cents`,
  },
  events: {
    kind: sql`u.kind`,
    direction: sql`u.direction`,
    peer: sql`u.peer`,
    started: sql`u.started_at`,
    seconds: sql`u.seconds`,
    operator: sql`u.operator`,
    country: sql`u.country`,
    cost: sql`u.cost_cents`,
  },
};

/** The SIM's own columns, first in both reports: Node adds them by SIM id. */
export const SIM_COLUMN_KEYS = ['iccid', 'msisdn'];

/**
 * The writer's text rule in SQL: a cell starting like a formula (and not like a number) gets a
 * leading apostrophe; one holding a quote, comma or line break, or with spaces around it, is quoted.
 * The first test is true for almost no real value, so the others rarely run.
 */
export function csvTextSql(value: SQL): SQL {
  // Backslashes doubled: PostgreSQL's regular expressions read \t, \r, \n and \s themselves.
  const formula = sql.raw(`'^[=+@\\t\\r-]'`);
  const numberLike = sql.raw(`'^[+-]?[0-9][0-9\\s().-]*$'`);
  const quoteNeeded = sql.raw(`'[",\\n\\r]|^\\s|\\s$'`);
  const anySpecial = sql.raw(`'^[=+@\\t\\r-]|[",\\n\\r]|^\\s|\\s$'`);
  const safe = sql`(case when ${value} ~ ${formula} and ${value} !~ ${numberLike} then '''' || ${value} else ${value} end)`;
  return sql`(case when ${value} !~ ${anySpecial} then ${value}
    when ${safe} ~ ${quoteNeeded} then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end)`;
}

/** One cell as the writer prints it: unix seconds rounded as `reportRows` gives them, EUR from cents, whole numbers. */
function cellSql(type: ReportColumnType, value: SQL): SQL {
  switch (type) {
    case 'datetime':
      return sql`to_char(to_timestamp(extract(epoch from ${value})::bigint) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;
    case 'money':
      return sql`trim_scale(${value} / 100.0)::text`;
    case 'text':
    case 'date':
      return sql`coalesce(${csvTextSql(value)}, '')`;
    default:
      return sql`coalesce(${value}::text, '')`;
  }
}

/** The line of a raw record, without the SIM's columns. */
export function lineSql(request: ReportQuery): SQL {
  const table: RawTable = request.kind === 'sessions' ? 'sessions' : 'events';
  const cells = reportColumns(request.kind)
    .filter((column) => !SIM_COLUMN_KEYS.includes(column.key))
    .map((column) => {
      const value = VALUES[table][column.key];
      if (!value) throw new Error(`no SQL value for report column ${column.key}`);
      return cellSql(column.type, value);
    });
  return sql.join(cells, sql` || ',' || `);
}

export interface LineRow {
  id: number | string;
  sim_id: number | string;
  line: string;
  /** started_at in full precision, for the keyset cursor. */
  cursor_at: string;
}

/** A keyset batch of lines in (started_at, id) order (`companyBatchSql`), without the SIM's columns: the caller adds them by SIM id. */
export async function lineBatch(
  db: Executor,
  request: ReportQuery,
  source: BatchSource,
  range: DayRange,
  events: EventFilter,
  after: BatchCursor,
  limit: number,
): Promise<LineRow[]> {
  const table: RawTable = request.kind === 'sessions' ? 'sessions' : 'events';
  const columns = sql`u.id, u.sim_id, u.started_at::text as cursor_at, ${lineSql(request)} as line`;
  return queryRows<LineRow>(db, companyBatchSql(table, columns, source, range, events, after, limit));
}
