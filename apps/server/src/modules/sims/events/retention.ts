import { SIM_EVENTS_RETENTION_DAYS } from '@cab/contract/sim-events';
import type { Executor } from '../../../db/client.js';
import { keepPartitionsFrom } from '../../../db/partitions.js';
import { deleteEventsBefore } from './repository.js';

/** Rows one delete statement takes: short statements, so the log stays writable while it runs. */
export const RETENTION_BATCH = 5_000;
/** Statements one run makes at most; what is left goes with the next night's run. */
const RETENTION_BATCHES_MAX = 200;

/**
 * Events past their 30 days go: on PostgreSQL with pg_partman as whole daily partitions (made ahead
 * by the same call), elsewhere and in partitions that mix ages (db/partitions.ts) in bounded batches.
 * Answers how many rows were deleted one by one and which partitions were dropped.
 */
export async function deleteExpiredSimEvents(db: Executor, now: Date, batch = RETENTION_BATCH): Promise<{ rows: number; partitions: string[] }> {
  const before = new Date(now.getTime() - SIM_EVENTS_RETENTION_DAYS * 86_400_000);
  const { dropped, rowTables } = await keepPartitionsFrom(db, 'sim_events', before);
  let rows = 0;
  for (const table of rowTables) {
    for (let n = 0; n < RETENTION_BATCHES_MAX; n += 1) {
      const gone = await deleteEventsBefore(db, table, before, batch);
      rows += gone;
      if (gone < batch) break;
    }
  }
  return { rows, partitions: dropped };
}
