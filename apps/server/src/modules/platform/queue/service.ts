import { FINISHED_QUEUE_STATES, QUEUE_FINISHED_HOURS, QUEUE_FINISHED_LIMIT, type QueueFinishedResult, type QueueListResult } from '@cab/contract/queue';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import * as items from './item-repository.js';
import { itemToQueueItem } from './progress.js';

/** The company's running operations; `count` feeds the header's queue counter. */
export async function listQueue(db: Db, principal: Principal): Promise<QueueListResult> {
  const rows = await items.listRunningItems(db, principal.companyId);
  return { count: rows.length, items: rows.map(itemToQueueItem) };
}

/** The company's last finished operations with their final counts: the dropdown keeps them under the running ones. */
export async function listFinishedQueue(db: Db, principal: Principal): Promise<QueueFinishedResult> {
  const rows = await items.listFinishedItems(db, principal.companyId, QUEUE_FINISHED_HOURS, QUEUE_FINISHED_LIMIT);
  return {
    items: rows.map((row) => ({
      ...itemToQueueItem(row),
      state: FINISHED_QUEUE_STATES.find((state) => state === row.state) ?? 'done',
      finished: Math.floor(new Date(row.finished_at).getTime() / 1000),
    })),
  };
}
