import type { QueueListResult } from '@cab/contract/queue';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import * as items from './item-repository.js';
import { itemToQueueItem } from './progress.js';

/** The company's running operations; `count` feeds the header's queue counter. */
export async function listQueue(db: Db, principal: Principal): Promise<QueueListResult> {
  const rows = await items.listRunningItems(db, principal.companyId);
  return { count: rows.length, items: rows.map(itemToQueueItem) };
}
