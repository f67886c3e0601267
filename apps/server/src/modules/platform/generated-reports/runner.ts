import { LANGS } from '@cab/contract/constants';
import { GENERATED_REPORT_FORMATS } from '@cab/contract/generated-reports';
import type { Db } from '../../../db/client.js';
import type { EventBus } from '../../../realtime/bus.js';
import type { FileStore } from '../../../storage/file-store.js';
import { announceProgress } from '../queue/index.js';
import { finishGeneration, type Claimed, type Outcome } from './finish.js';
import { claimReport } from './lease-repository.js';
import { discardAttempts, leaseOwner, MAX_REPORT_ATTEMPTS, startHeartbeat, type Heartbeat } from './lease.js';
import './registered-sources.js';
import * as repo from './repository.js';
import type { ReportJob } from './service.js';
import { reportSource } from './sources.js';
import { fileBody } from './writers.js';

export interface ReportRunnerDeps {
  db: Db;
  bus: EventBus;
  files: FileStore;
  /** Least time between progress events of one item (QUEUE_PROGRESS_INTERVAL_MS). */
  progressIntervalMs: number;
  /** A lease silent this long is a dead worker's, and the file is taken over (QUEUE_STALE_SECONDS). */
  staleSeconds: number;
}

/** How often a running generation asks whether it was cancelled. */
const CANCEL_CHECK_MS = 250;

class GenerationCancelled extends Error {
  constructor() {
    super('report generation cancelled');
  }
}

/** Another worker took the file over: this one stops and ends nothing. */
class LeaseLost extends Error {
  constructor() {
    super('report generation taken over by another worker');
  }
}

/**
 * Writes one generated report under a lease. A run that finds the file's lease held by a live
 * worker does nothing; one that finds it free or stale (its worker died) takes it as a new attempt,
 * removes what earlier attempts left, and writes the file from the start. An attempt past
 * MAX_REPORT_ATTEMPTS fails the file instead. Ends with the file ready or failed (and its author
 * told), exactly once; a cancel stops it between batches and nothing is kept.
 */
export async function runGeneration(deps: ReportRunnerDeps, job: ReportJob): Promise<void> {
  const { db } = deps;
  const { companyId } = job;
  const report = await repo.findReport(db, companyId, job.reportId);
  if (!report || report.state !== 'writing' || report.queue_id === null) return;
  const qid = report.queue_id;
  if ((await repo.queueState(db, companyId, qid)) !== 'running') {
    await repo.moveState(db, companyId, report.id, ['writing'], 'cancelled');
    await discardAttempts(deps.files, report, report.attempts);
    return;
  }
  const owner = leaseOwner();
  const attempt = report.attempts + 1;
  const fileKey = repo.fileKeyOf(companyId, report.id, report.format, attempt);
  const ref = { companyId, id: report.id, attempts: report.attempts };
  if (!(await claimReport(db, ref, owner, fileKey, deps.staleSeconds))) return;
  // The earlier attempts' workers are gone (their lease went stale): nobody else cleans up after them.
  // This attempt's own key too: a file stuck before leases existed left its partial file under it.
  await discardAttempts(deps.files, report, attempt);
  const claimed: Claimed = { ...report, queue_id: qid, file_key: fileKey, attempts: attempt };
  if (attempt > MAX_REPORT_ATTEMPTS) {
    if ((await finishGeneration(deps, claimed, owner, { ok: false, rows: 0 })) === 'cancelled') await cancel(deps, claimed);
    return;
  }
  const heartbeat = startHeartbeat(db, companyId, report.id, owner, deps.staleSeconds);
  try {
    await writeFile(deps, claimed, owner, heartbeat);
  } finally {
    heartbeat.stop();
  }
}

/**
 * Streams the source's rows into this attempt's file, moving the queue item's percentage as rows
 * are written, then ends the file; a cancel or a lost lease stops it between batches.
 */
async function writeFile(deps: ReportRunnerDeps, report: Claimed, owner: string, heartbeat: Heartbeat): Promise<void> {
  const { db } = deps;
  const { company_id: companyId, queue_id: qid } = report;
  const lang = LANGS.find((l) => l === report.lang) ?? 'ru';
  let written = 0;
  let outcome: Outcome;
  let failure: Error | null = null;
  try {
    const source = reportSource(report.kind);
    if (!source) throw new Error(`no report source for kind ${report.kind}`);
    const opened = await source.open(db, report.params, lang);
    const count = await opened.count();
    await repo.setQueueProgress(db, companyId, qid, 0, count);
    let checkedAt = Date.now();
    const onBatch = async (rows: number) => {
      if (heartbeat.lost()) throw new LeaseLost();
      written += rows;
      await repo.setQueueProgress(db, companyId, qid, written);
      if (Date.now() - checkedAt >= CANCEL_CHECK_MS) {
        checkedAt = Date.now();
        if ((await repo.queueState(db, companyId, qid)) !== 'running') throw new GenerationCancelled();
      }
      await announceProgress(deps, { companyId, queueId: qid }, deps.progressIntervalMs);
    };
    const format = GENERATED_REPORT_FORMATS.find((f) => f === report.format) ?? 'csv';
    const file = fileBody(format, opened, lang, onBatch);
    const { bytes } = await deps.files.write(report.file_key, file.body);
    // A cancel that came while the last bytes were stored still wins: the file is not kept.
    if ((await repo.queueState(db, companyId, qid)) !== 'running') throw new GenerationCancelled();
    outcome = { ok: true, rows: file.rows(), bytes, count };
  } catch (error) {
    // The file store removed this attempt's partial file; the file is its successor's now.
    if (error instanceof LeaseLost) return;
    if (error instanceof GenerationCancelled || (await repo.queueState(db, companyId, qid)) !== 'running')
      return cancel(deps, report);
    outcome = { ok: false, rows: written };
    failure = error instanceof Error ? error : new Error(String(error));
  }
  const ended = await finishGeneration(deps, report, owner, outcome);
  if (ended === 'cancelled') return cancel(deps, report);
  // Taken over meanwhile: this attempt's key is its own, so removing it never touches the successor's file.
  if (ended === 'lost') return deps.files.remove(report.file_key);
  if (failure) throw failure;
}

/** The item was cancelled: the file follows it, and this attempt's file is not kept. */
async function cancel(deps: ReportRunnerDeps, report: Claimed): Promise<void> {
  await repo.moveState(deps.db, report.company_id, report.id, ['writing'], 'cancelled');
  await deps.files.remove(report.file_key);
}
