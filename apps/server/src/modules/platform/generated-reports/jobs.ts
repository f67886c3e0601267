import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client.js';
import { JOB_QUEUES } from '../../../job-queues.js';
import { describeError } from '../../../log/loggable-error.js';
import type { FileStore } from '../../../storage/file-store.js';
import { findStalledReports } from './lease-repository.js';
import * as repo from './repository.js';
import { runGeneration, type ReportRunnerDeps } from './runner.js';
import { REPORT_JOB_OPTIONS, type ReportJob } from './service.js';

/** Tombstones (deleted, expired, cancelled files) explain a failed download for this long, then go. */
const TOMBSTONE_DAYS = 7;
const EXPIRY_BATCH = 500;
/** Bounded work per run: at most this many batches, the rest waits for the next run. */
const EXPIRY_MAX_BATCHES = 20;
const EXPIRY_INTERVAL_MS = 10 * 60 * 1000;
/** Files one sweep hands out at most; the rest wait for the next sweep. */
const SWEEP_LIMIT = 200;

/**
 * Removes files whose time is up: the file first, then its row becomes an `expired` tombstone;
 * old tombstones are deleted. Returns how many files expired and tombstones went.
 */
export async function expireGeneratedReports(db: Db, files: FileStore): Promise<{ expired: number; purged: number }> {
  let expired = 0;
  for (let i = 0; i < EXPIRY_MAX_BATCHES; i++) {
    const batch = await repo.findExpired(db, EXPIRY_BATCH);
    for (const file of batch) {
      await files.remove(file.file_key);
      if (await repo.moveState(db, file.company_id, file.id, ['ready', 'failed'], 'expired')) expired++;
    }
    if (batch.length < EXPIRY_BATCH) break;
  }
  let purged = 0;
  for (let i = 0; i < EXPIRY_MAX_BATCHES; i++) {
    const n = await repo.purgeTombstones(db, TOMBSTONE_DAYS, EXPIRY_BATCH);
    purged += n;
    if (n < EXPIRY_BATCH) break;
  }
  return { expired, purged };
}

/**
 * Sends a job for each file being written whose worker went silent (its lease is stale) or that no
 * worker ever took; the job's run takes the file over (runner.ts). One job per file per stale period.
 */
export async function sweepStalledReports(boss: PgBoss, db: Db, staleSeconds: number): Promise<number> {
  const stalled = await findStalledReports(db, staleSeconds, SWEEP_LIMIT);
  for (const report of stalled) {
    await boss.send(
      JOB_QUEUES.reportGenerate,
      { companyId: report.company_id, reportId: report.id } satisfies ReportJob,
      { ...REPORT_JOB_OPTIONS, singletonKey: `report-${report.id}`, singletonSeconds: staleSeconds },
    );
  }
  return stalled.length;
}

/**
 * Works report generations (`concurrency` at once per worker process: each holds one file's
 * stream, so memory stays small), sweeps for files a dead worker left (a killed worker's file is
 * taken over within `staleSeconds` and a quarter), and runs the expiry job every ten minutes.
 */
export async function startReportWorker(
  boss: PgBoss,
  deps: ReportRunnerDeps,
  concurrency: number,
  log: (message: string) => void,
): Promise<() => Promise<void>> {
  for (let i = 0; i < concurrency; i++) {
    await boss.work<ReportJob>(
      JOB_QUEUES.reportGenerate,
      { pollingIntervalSeconds: 0.5, batchSize: 1 },
      async (jobs) => {
        for (const job of jobs) await runGeneration(deps, job.data);
      },
    );
  }
  const expire = () =>
    void expireGeneratedReports(deps.db, deps.files)
      .then(
        ({ expired, purged }) =>
          expired + purged > 0 && log(`generated reports: ${expired} files expired, ${purged} tombstones removed`),
      )
      .catch((error: unknown) => log(`generated reports expiry failed: ${describeError(error)}`));
  expire();
  const timer = setInterval(expire, EXPIRY_INTERVAL_MS);
  timer.unref();
  const sweep = () =>
    void sweepStalledReports(boss, deps.db, deps.staleSeconds).catch((error: unknown) =>
      log(`generated reports sweep failed: ${describeError(error)}`),
    );
  sweep();
  // A quarter of the stale time: a lease is taken over soon after it goes stale, not a period later.
  const sweeper = setInterval(sweep, Math.max(250, deps.staleSeconds * 250));
  sweeper.unref();
  return async () => {
    clearInterval(timer);
    clearInterval(sweeper);
    await boss.offWork(JOB_QUEUES.reportGenerate);
  };
}
