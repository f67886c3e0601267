import type { Lang } from '@cab/contract/constants';
import {
  GENERATED_REPORT_FORMATS,
  GENERATED_REPORT_KINDS,
  GENERATED_REPORT_STATES,
  type GeneratedReportCreateRequest,
} from '@cab/contract/generated-reports';
import type {
  GeneratedReport,
  GeneratedReportCreateResult,
  GeneratedReportsListResult,
} from '@cab/contract/generated-reports';
import type { Readable } from 'node:stream';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Principal } from '../../../auth/principal.js';
import type { Db, Tx } from '../../../db/client.js';
import { AppError, type FieldProblem } from '../../../http/errors.js';
import { JOB_QUEUES } from '../../../job-queues.js';
import type { EventBus } from '../../../realtime/bus.js';
import type { FileStore } from '../../../storage/file-store.js';
import { auditActor, insertAudit } from '../audit/index.js';
import { findItem, finishItem, insertItem, itemToQueueItem, lockCompanyQueue, runningLoad } from '../queue/index.js';
import './registered-sources.js';
import { discardAttempts } from './lease.js';
import * as repo from './repository.js';
import { reportSource } from './sources.js';
import { CONTENT_TYPES } from './writers.js';

export interface GeneratedReportsDeps {
  db: Db;
  bus: EventBus;
  jobs: PgBoss;
  files: FileStore;
  /** Days a file is kept (GENERATED_REPORTS_TTL_DAYS). */
  ttlDays: number;
  /** A generation counts against the company's running operations (QUEUE_MAX_RUNNING_PER_COMPANY). */
  maxRunning: number;
}

/** A generation job: a file the worker writes from its row's params. */
export interface ReportJob {
  companyId: number;
  reportId: number;
}

/**
 * A killed worker's file is taken over through its lease (QUEUE_STALE_SECONDS, jobs.ts sweep), not
 * by pg-boss: pg-boss expires an active job only after `expireInSeconds`, which must outlast the
 * longest file. Its retry (a job that threw) finds the file ended or leased and does nothing.
 */
export const REPORT_JOB_OPTIONS = { retryLimit: 1, retryDelay: 30, expireInSeconds: 2 * 60 * 60 } as const;

type ParsedCreate = z.output<typeof GeneratedReportCreateRequest>;

/** Runs inside the transaction that creates the file (a scheduled run records the file it started). */
export type OnReportCreated = (tx: Tx, reportId: number) => Promise<void>;

/** Checks the request with its kind's source and starts a queue item that writes the file. */
export async function createGeneratedReport(
  deps: GeneratedReportsDeps,
  principal: Principal,
  request: ParsedCreate,
  lang: Lang,
  onCreated?: OnReportCreated,
): Promise<GeneratedReportCreateResult> {
  const source = reportSource(request.kind);
  if (!source) throw new AppError('validation_failed', { kind: 'invalid' satisfies FieldProblem });
  const checked = await source.check(deps.db, principal, request.request, lang);
  const { companyId, userId } = principal;
  const created = await deps.db.transaction(async (tx) => {
    await lockCompanyQueue(tx, companyId);
    const load = await runningLoad(tx, companyId);
    if (load.running >= deps.maxRunning)
      throw new AppError('queue_limit_reached', undefined, { running: deps.maxRunning, sims: 0 });
    const id = await repo.insertReport(tx, {
      companyId,
      userId,
      kind: request.kind,
      format: request.format,
      params: checked.params,
      lang,
      filterSummary: checked.filter,
      periodFrom: checked.from,
      periodTo: checked.to,
      ttlDays: deps.ttlDays,
    });
    const qid = await insertItem(tx, {
      companyId,
      userId,
      reason: 'queue_report_generate',
      params: { reportId: id },
    });
    await repo.attachQueueItem(tx, companyId, id, qid, repo.fileKeyOf(companyId, id, request.format));
    await insertAudit(tx, {
      ...auditActor(principal),
      action: 'report_generate',
      details: { id, qid, kind: request.kind, format: request.format },
    });
    await onCreated?.(tx, id);
    return { id, qid };
  });
  await deps.jobs.send(
    JOB_QUEUES.reportGenerate,
    { companyId, reportId: created.id } satisfies ReportJob,
    REPORT_JOB_OPTIONS,
  );
  const row = await findItem(deps.db, companyId, created.qid);
  if (row) await deps.bus.publish({ companyId }, { type: 'queue_add', data: itemToQueueItem(row) });
  return created;
}

function toGeneratedReport(row: repo.GeneratedReportRow): GeneratedReport {
  return {
    id: row.id,
    kind: GENERATED_REPORT_KINDS.find((k) => k === row.kind) ?? 'sessions',
    format: GENERATED_REPORT_FORMATS.find((f) => f === row.format) ?? 'csv',
    state: GENERATED_REPORT_STATES.find((s) => s === row.state) ?? 'failed',
    qid: row.state === 'writing' ? row.queue_id : null,
    filter: row.filter_summary,
    from: row.period_from,
    to: row.period_to,
    rows: row.rows === null ? null : Number(row.rows),
    bytes: row.bytes === null ? null : Number(row.bytes),
    created_by: { first_name: row.first_name, last_name: row.last_name },
    created: Math.floor(new Date(row.created_at).getTime() / 1000),
    expires: Math.floor(new Date(row.expires_at).getTime() / 1000),
  };
}

/** The caller's company's files, newest first (every user of the company sees every file). */
export async function listGeneratedReports(
  db: Db,
  principal: Principal,
  page: number,
  size: number,
): Promise<GeneratedReportsListResult> {
  const { items: rows, total } = await repo.listReports(db, principal.companyId, page, size);
  return { items: rows.map(toGeneratedReport), total };
}

/**
 * Stops a generation: the queue item ends as cancelled and the file, never finished, is not kept.
 * A live writer removes its own file when it sees the cancel; a dead one's is removed here.
 */
async function stopGeneration(
  deps: Pick<GeneratedReportsDeps, 'db' | 'bus' | 'files'>,
  companyId: number,
  report: repo.GeneratedReportRow,
): Promise<void> {
  await repo.moveState(deps.db, companyId, report.id, ['writing'], 'cancelled');
  await discardAttempts(deps.files, report, report.attempts);
  if (report.queue_id === null) return;
  if (!(await finishItem(deps.db, companyId, report.queue_id, 'cancelled'))) return;
  const row = await findItem(deps.db, companyId, report.queue_id);
  if (row) await deps.bus.publish({ companyId }, { type: 'queue_change', data: itemToQueueItem(row) });
  await deps.bus.publish({ companyId }, { type: 'queue_del', data: { qid: report.queue_id } });
}

/** Cancels a running generation by its queue item (the header's queue dropdown). */
export async function cancelGeneration(
  deps: Pick<GeneratedReportsDeps, 'db' | 'bus' | 'files'>,
  principal: Principal,
  qid: number,
): Promise<void> {
  const report = await repo.findReportByQueue(deps.db, principal.companyId, qid);
  if (!report) throw new AppError('not_found');
  if (report.state !== 'writing') throw new AppError('conflict');
  await insertAudit(deps.db, { ...auditActor(principal), action: 'report_cancel', details: { id: report.id, qid } });
  await stopGeneration(deps, principal.companyId, report);
}

/** The generic queue cancel (/api/queue/cancel) ended a generation's item: its row follows. */
export async function generationItemCancelled(db: Db, companyId: number, qid: number): Promise<void> {
  const report = await repo.findReportByQueue(db, companyId, qid);
  if (report) await repo.moveState(db, companyId, report.id, ['writing'], 'cancelled');
}

/** Deletes a file (a running generation is cancelled); its row stays a while as a tombstone. */
export async function deleteGeneratedReport(
  deps: Pick<GeneratedReportsDeps, 'db' | 'bus' | 'files'>,
  principal: Principal,
  id: number,
): Promise<void> {
  const report = await repo.findReport(deps.db, principal.companyId, id);
  if (!report || !(repo.LISTED_STATES as readonly string[]).includes(report.state)) throw new AppError('not_found');
  if (report.state === 'writing') {
    await stopGeneration(deps, principal.companyId, report);
  }
  const deleted = await deps.db.transaction(async (tx) => {
    const moved = await repo.moveState(tx, principal.companyId, id, ['ready', 'failed', 'cancelled'], 'deleted');
    if (moved)
      await insertAudit(tx, {
        ...auditActor(principal),
        action: 'report_delete',
        details: { id, kind: report.kind, format: report.format },
      });
    return moved;
  });
  if (!deleted) throw new AppError('conflict');
  await deps.files.remove(report.file_key);
}

const GONE: Record<string, 'report_deleted' | 'report_expired' | 'report_cancelled' | 'report_failed'> = {
  deleted: 'report_deleted',
  expired: 'report_expired',
  cancelled: 'report_cancelled',
  failed: 'report_failed',
};

export interface Download {
  body: Readable;
  bytes: number;
  contentType: string;
  fileName: string;
}

/** A file name of ASCII letters, digits, dashes and dots only: the kind, the period and the id. */
export function downloadName(
  report: Pick<repo.GeneratedReportRow, 'id' | 'kind' | 'format' | 'period_from' | 'period_to'>,
  stem: string,
): string {
  const period = report.period_from && report.period_to ? `-${report.period_from}_${report.period_to}` : '';
  return `${stem}${period}-${report.id}.${report.format}`.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** Opens a file of the caller's company for download, or says clearly why it cannot be had. */
export async function openDownload(
  deps: Pick<GeneratedReportsDeps, 'db' | 'files'>,
  principal: Principal,
  id: number,
): Promise<Download> {
  const report = await repo.findReport(deps.db, principal.companyId, id);
  if (!report) throw new AppError('not_found');
  if (report.state === 'writing') throw new AppError('report_not_ready');
  const gone = GONE[report.state];
  if (gone) throw new AppError(gone);
  if (new Date(report.expires_at).getTime() <= Date.now()) throw new AppError('report_expired');
  const [body, bytes] = await Promise.all([deps.files.read(report.file_key), deps.files.size(report.file_key)]);
  if (!body || bytes === null) {
    body?.destroy();
    throw new AppError('report_deleted');
  }
  const format = GENERATED_REPORT_FORMATS.find((f) => f === report.format) ?? 'csv';
  const stem = reportSource(report.kind)?.fileStem ?? 'report';
  return { body, bytes, contentType: CONTENT_TYPES[format], fileName: downloadName(report, stem) };
}
