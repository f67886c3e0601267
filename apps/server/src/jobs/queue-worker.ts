import type PgBoss from 'pg-boss';
import { findStalledItems } from '../modules/queue/item-repository.js';
import { runQueueItem, type QueueRunnerDeps } from '../modules/queue/runner.js';
import { JOB_QUEUES } from './boss.js';

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
      for (const job of jobs) await runQueueItem(deps, job.data);
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
