import type PgBoss from 'pg-boss';
import { describeError } from '../log/loggable-error.js';

export interface WorkEachOptions {
  /** Jobs fetched at a time. */
  batchSize: number;
  /** Jobs of a batch handled at once (webhooks wait on the network, not on this process). */
  concurrency: number;
  pollingIntervalSeconds?: number;
}

/**
 * Works a queue's jobs each on its own, `concurrency` keys at a time: a job that throws fails alone (pg-boss retries it as sent),
 * where pg-boss fails a whole batch when its handler throws. pg-boss also waits its polling interval
 * after every batch, a full one too — one job a batch was two webhooks a second however many waited —
 * so a full batch fetches the next at once.
 */
export async function workEach<T extends object>(
  boss: PgBoss,
  queue: string,
  options: WorkEachOptions & {
    /** Jobs of one key run one after another in the order fetched (a company's webhooks arrive in order); other keys at once. */
    orderedBy: (job: PgBoss.JobWithMetadata<T>) => string | number;
  },
  handle: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
): Promise<void> {
  let workerId = '';
  workerId = await boss.work<T>(
    queue,
    { batchSize: options.batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, includeMetadata: true },
    async (jobs) => {
      const lanes = new Map<string | number, PgBoss.JobWithMetadata<T>[]>();
      // pg-boss answers a batch in no particular order: the order they were sent is the order of creation.
      const sent = [...jobs].sort((a, b) => new Date(a.createdOn).getTime() - new Date(b.createdOn).getTime());
      for (const job of sent) {
        const key = options.orderedBy(job);
        const lane = lanes.get(key);
        if (lane) lane.push(job);
        else lanes.set(key, [job]);
      }
      const waiting = [...lanes.values()];
      const worker = async () => {
        for (let lane = waiting.shift(); lane !== undefined; lane = waiting.shift()) {
          for (const job of lane) {
            try {
              await handle(job);
            } catch (error) {
              // Completed with the batch unless failed here; a fail that cannot be written fails the batch.
              await boss.fail(queue, job.id, { message: describeError(error) });
            }
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.concurrency, waiting.length) }, worker));
      if (jobs.length >= options.batchSize) boss.notifyWorker(workerId);
    },
  );
}
