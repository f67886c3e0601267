import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

export interface GeneratedReportRow {
  company_id: number;
  id: number;
  user_id: number;
  queue_id: number | null;
  kind: string;
  format: string;
  state: string;
  params: Record<string, unknown>;
  lang: string;
  filter_summary: string;
  period_from: string | null;
  period_to: string | null;
  rows: number | null;
  bytes: number | null;
  file_key: string;
  /** Times a worker started writing it (each attempt writes under a key of its own). */
  attempts: number;
  created_at: Date;
  expires_at: Date;
  first_name: string;
  last_name: string;
}

const COLUMNS = sql`g.company_id::int as company_id, g.id::int as id, g.user_id::int as user_id, g.queue_id::int as queue_id,
  g.kind, g.format, g.state, g.params, g.lang, g.filter_summary, to_char(g.period_from, 'YYYY-MM-DD') as period_from,
  to_char(g.period_to, 'YYYY-MM-DD') as period_to, g.rows::float8 as rows, g.bytes::float8 as bytes, g.file_key,
  g.attempts, g.created_at, g.expires_at, coalesce(u.first_name, '') as first_name, coalesce(u.last_name, '') as last_name`;

/** States a listed file may be in; the others are tombstones kept to explain a failed download. */
export const LISTED_STATES = ['writing', 'ready', 'failed'] as const;

export async function insertReport(
  db: Executor,
  row: {
    companyId: number;
    userId: number;
    kind: string;
    format: string;
    params: Record<string, unknown>;
    lang: string;
    filterSummary: string;
    periodFrom: string | null;
    periodTo: string | null;
    ttlDays: number;
  },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    insert into generated_reports (company_id, user_id, kind, format, params, lang, filter_summary, period_from, period_to,
      file_key, expires_at)
    values (${row.companyId}, ${row.userId}, ${row.kind}, ${row.format}, ${JSON.stringify(row.params)}::jsonb, ${row.lang},
      ${row.filterSummary}, ${row.periodFrom}, ${row.periodTo}, '', now() + make_interval(days => ${row.ttlDays}))
    returning id::int as id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('generated report insert returned nothing');
  return Number(id);
}

/**
 * The key is built from ids only: `<companyId>/reports/<id>.<format>`, and `<id>-<attempt>.<format>`
 * for a later attempt, so a worker that lost its lease never writes over (or removes) its successor's file.
 */
export function fileKeyOf(companyId: number, id: number, format: string, attempt = 1): string {
  return `${companyId}/reports/${id}${attempt > 1 ? `-${attempt}` : ''}.${format}`;
}

export async function attachQueueItem(
  db: Executor,
  companyId: number,
  id: number,
  queueId: number,
  fileKey: string,
): Promise<void> {
  await db.execute(
    sql`update generated_reports set queue_id = ${queueId}, file_key = ${fileKey} where company_id = ${companyId} and id = ${id}`,
  );
}

export async function findReport(db: Executor, companyId: number, id: number): Promise<GeneratedReportRow | undefined> {
  const rows = await queryRows<GeneratedReportRow>(
    db,
    sql`
    select ${COLUMNS} from generated_reports g left join users u on u.id = g.user_id
    where g.company_id = ${companyId} and g.id = ${id}`,
  );
  return rows[0];
}

export async function findReportByQueue(
  db: Executor,
  companyId: number,
  queueId: number,
): Promise<GeneratedReportRow | undefined> {
  const rows = await queryRows<GeneratedReportRow>(
    db,
    sql`
    select ${COLUMNS} from generated_reports g left join users u on u.id = g.user_id
    where g.company_id = ${companyId} and g.queue_id = ${queueId}`,
  );
  return rows[0];
}

export async function listReports(db: Executor, companyId: number, page: number, size: number) {
  const states = sql`g.state in ('writing', 'ready', 'failed')`;
  const [items, total] = await Promise.all([
    queryRows<GeneratedReportRow>(
      db,
      sql`
      select ${COLUMNS} from generated_reports g left join users u on u.id = g.user_id
      where g.company_id = ${companyId} and ${states}
      order by g.id desc limit ${size} offset ${page * size}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from generated_reports g where g.company_id = ${companyId} and ${states}`,
    ),
  ]);
  return { items, total: Number(total[0]?.total ?? 0) };
}

/**
 * Moves a file from `from` states to `to`; true only for the one caller that did it. With `owner`,
 * only while that worker still holds the file's lease (a worker taken over ends nothing).
 */
export async function moveState(
  db: Executor,
  companyId: number,
  id: number,
  from: readonly string[],
  to: 'ready' | 'failed' | 'cancelled' | 'deleted' | 'expired',
  guard: { figures?: { rows: number; bytes: number }; owner?: string } = {},
): Promise<boolean> {
  const { figures, owner } = guard;
  const gone = to === 'cancelled' || to === 'deleted' || to === 'expired';
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    update generated_reports set state = ${to},
      finished_at = coalesce(finished_at, now()),
      gone_at = ${gone ? sql`now()` : sql`null`}
      ${figures ? sql`, rows = ${figures.rows}, bytes = ${figures.bytes}` : sql``}
    where company_id = ${companyId} and id = ${id} and state in ${from}
      ${owner === undefined ? sql`` : sql`and claimed_by = ${owner}`}
    returning id`,
  );
  return rows.length > 0;
}

/** Files whose time is up (ready or failed), oldest first, a bounded batch. */
export async function findExpired(db: Executor, limit: number) {
  return queryRows<{ company_id: number; id: number; file_key: string }>(
    db,
    sql`
    select company_id::int as company_id, id::int as id, file_key from generated_reports
    where expires_at < now() and state in ('ready', 'failed')
    order by expires_at limit ${limit}`,
  );
}

/** Tombstones older than `days`: a download of them now answers 404 like any unknown id. */
export async function purgeTombstones(db: Executor, days: number, limit: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    delete from generated_reports where (company_id, id) in (
      select company_id, id from generated_reports
      where gone_at is not null and gone_at < now() - make_interval(days => ${days}) limit ${limit})
    returning id`,
  );
  return rows.length;
}

/**
 * Sets what the queue item shows: rows written of the count. Only while it runs: a writer that lost
 * its lease and has not noticed yet never moves the figures of an item its successor finished.
 */
export async function setQueueProgress(
  db: Executor,
  companyId: number,
  queueId: number,
  written: number,
  count?: number,
): Promise<void> {
  await db.execute(sql`
    update queue_items set ok = ${written}, process = ${written} ${count === undefined ? sql`` : sql`, count = ${count}`}
    where company_id = ${companyId} and id = ${queueId} and state = 'running'`);
}

export async function queueState(db: Executor, companyId: number, queueId: number): Promise<string | undefined> {
  const rows = await queryRows<{ state: string }>(
    db,
    sql`select state from queue_items where company_id = ${companyId} and id = ${queueId}`,
  );
  return rows[0]?.state;
}

/** A failed generation shows in the queue as a failure. */
export async function markQueueFailed(db: Executor, companyId: number, queueId: number): Promise<void> {
  await db.execute(
    sql`update queue_items set fail = greatest(fail, 1) where company_id = ${companyId} and id = ${queueId}`,
  );
}

/** A SIM group's name, for a file's filter summary. */
export async function findGroupName(db: Executor, groupId: number): Promise<string | undefined> {
  const [group] = await queryRows<{ name: string }>(db, sql`select name from sim_groups where id = ${groupId}`);
  return group?.name;
}

/** The first `limit` names, alphabetically, of the given companies. */
export async function findCompanyNames(db: Executor, companyIds: number[], limit: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select name from companies where id = any(${`{${companyIds.join(',')}}`}::bigint[]) order by name limit ${limit}`,
  );
  return rows.map((row) => row.name);
}
