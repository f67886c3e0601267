import { OPERATION_RETENTION_DAYS } from '@cab/contract/operations';
import type { Db } from '../../../db/client.js';
import { purgeOldOperations } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Items per housekeeping run; a backlog goes over several runs, each in short statements. */
const MAX_ITEMS_PER_RUN = 500;

/** Drops bulk operations (and their per-SIM results) finished more than 180 days ago. */
export async function purgeExpiredOperations(db: Db, now = new Date()): Promise<number> {
  return purgeOldOperations(db, new Date(now.getTime() - OPERATION_RETENTION_DAYS * DAY_MS), MAX_ITEMS_PER_RUN);
}
