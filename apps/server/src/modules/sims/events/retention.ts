import { SIM_EVENTS_RETENTION_DAYS } from '@cab/contract/sim-events';
import type { Executor } from '../../../db/client.js';
import { deleteEventsBefore } from './repository.js';

/** Rows one delete statement takes: short statements, so the log stays writable while it runs. */
export const RETENTION_BATCH = 5_000;
/** Statements one run makes at most; what is left goes with the next night's run. */
const RETENTION_BATCHES_MAX = 200;

/** Deletes events past their 30 days in bounded batches; answers how many went. */
export async function deleteExpiredSimEvents(db: Executor, now: Date, batch = RETENTION_BATCH): Promise<number> {
  const before = new Date(now.getTime() - SIM_EVENTS_RETENTION_DAYS * 86_400_000);
  let deleted = 0;
  for (let n = 0; n < RETENTION_BATCHES_MAX; n += 1) {
    const gone = await deleteEventsBefore(db, before, batch);
    deleted += gone;
    if (gone < batch) break;
  }
  return deleted;
}
