import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { describeUnavailability, isConnectionError } from '../db/connection-errors.js';
import { queryRows, type Db } from '../db/client.js';
import { describeError } from '../log/loggable-error.js';
import { BatchInterruptedError, findStalledItems, type QueueRunnerDeps, releaseClaims, runQueueItem } from '../modules/platform/queue/index.js';
import { JOB_QUEUES } from '../job-queues.js';

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
  const runSweep = () => void sweep().catch((error: unknown) => log(`queue sweep failed: ${describeError(error)}`));
  runSweep();
  const timer = setInterval(runSweep, deps.staleSeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await boss.offWork(JOB_QUEUES.queueBatch);
  };
}

/**
 * Runs an item, and when the database becomes unavailable mid-run (connection-errors.ts: a dropped
 * connection, a refusal, a read-only standby) waits for it, hands the interrupted batch's SIMs back
 * and goes on, so a failover delays a bulk operation by the outage only, not by QUEUE_STALE_SECONDS.
 */
async function runResuming(deps: QueueRunnerDeps, job: QueueJob, log: (message: string) => void): Promise<void> {
  for (let resumes = 0; ; resumes++) {
    try {
      return await runQueueItem(deps, job);
    } catch (error) {
      if (!isConnectionError(error) || resumes >= MAX_RESUMES) throw error;
      log(`queue item ${job.queueId}: database unavailable (${describeUnavailability(error)}), resuming when it is back`);
      await waitForDatabase(deps.db, DATABASE_WAIT_MS);
      if (error instanceof BatchInterruptedError) await releaseClaims(deps.db, error.ref, error.simIds);
    }
  }
}

/**
 * Polls the database with growing pauses (250 ms up to 5 s) until it answers and takes writes (a
 * standby or a demoted primary answers reads but refuses writes with 25006 after a failover);
 * throws after `timeoutMs`.
 */
async function waitForDatabase(db: Db, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 250; ; pause = Math.min(pause * 2, 5000)) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    let writable = false;
    try {
      const [probe] = await queryRows<{ writable: boolean }>(db, sql`select current_setting('transaction_read_only') = 'off' as writable`);
      writable = probe?.writable === true;
    } catch (error) {
      if (!isConnectionError(error) || Date.now() > deadline) throw error;
    }
    if (writable) return;
    if (Date.now() > deadline) throw new Error(`the database took no writes for ${timeoutMs} ms`);
  }
}
