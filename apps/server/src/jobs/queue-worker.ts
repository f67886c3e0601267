import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { isConnectionError } from '../db/connection-errors.js';
import type { Db } from '../db/client.js';
import { findStalledItems } from '../modules/platform/queue/item-repository.js';
import { releaseClaims } from '../modules/platform/queue/results-repository.js';
import { BatchInterruptedError, runQueueItem, type QueueRunnerDeps } from '../modules/platform/queue/runner.js';
import { JOB_QUEUES } from './boss.js';

/** How long a job waits for a lost database before it gives up (pg-boss retries it, the sweep takes over). */
const DATABASE_WAIT_MS = 120_000;
const MAX_RESUMES = 10;

interface QueueJob {
  companyId: number;
  queueId: number;
}

/**
 * Works bulk operations: `concurrency` pollers take queue-batch jobs, and a sweep re-sends jobs for
 * items whose worker went silent, so a killed worker's SIMs are taken over within `staleSeconds`.
 */
export async function startQueueWorker(
  boss: PgBoss,
  deps: QueueRunnerDeps,
  concurrency: number,
  log: (message: string) => void,
): Promise<() => Promise<void>> {
  for (let i = 0; i < concurrency; i++) {
    await boss.work<QueueJob>(JOB_QUEUES.queueBatch, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await runResuming(deps, job.data, log);
    });
  }
  const sweep = async () => {
    for (const item of await findStalledItems(deps.db, deps.staleSeconds)) {
      await boss.send(
        JOB_QUEUES.queueBatch,
        { companyId: item.company_id, queueId: item.id },
        { singletonKey: `queue-${item.id}`, singletonSeconds: deps.staleSeconds },
      );
    }
  };
  const runSweep = () => void sweep().catch((error: unknown) => log(`queue sweep failed: ${String(error)}`));
  runSweep();
  const timer = setInterval(runSweep, deps.staleSeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await boss.offWork(JOB_QUEUES.queueBatch);
  };
}

/**
 * Runs an item, and when the database connection drops mid-run waits for the database, hands the
 * interrupted batch's SIMs back and goes on, so a failover delays a bulk operation by the outage
 * only, not by QUEUE_STALE_SECONDS.
 */
async function runResuming(deps: QueueRunnerDeps, job: QueueJob, log: (message: string) => void): Promise<void> {
  for (let resumes = 0; ; resumes++) {
    try {
      return await runQueueItem(deps, job);
    } catch (error) {
      if (!isConnectionError(error) || resumes >= MAX_RESUMES) throw error;
      log(`queue item ${job.queueId}: database connection lost, resuming when it is back`);
      await waitForDatabase(deps.db, DATABASE_WAIT_MS);
      if (error instanceof BatchInterruptedError) await releaseClaims(deps.db, error.ref, error.simIds);
    }
  }
}

/** Polls the database with growing pauses (250 ms up to 5 s) until it answers; throws after `timeoutMs`. */
async function waitForDatabase(db: Db, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 250; ; pause = Math.min(pause * 2, 5000)) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    try {
      await db.execute(sql`select 1`);
      return;
    } catch (error) {
      if (!isConnectionError(error) || Date.now() > deadline) throw error;
    }
  }
}
