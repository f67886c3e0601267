import { QUEUE_REASONS } from '@cab/contract/constants';
import type { QueueItem, QueueListResult } from '@cab/contract/queue';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import * as repo from './repository.js';

type QueueRow = Awaited<ReturnType<typeof repo.listRunningItems>>[number];

export function toQueueItem(row: QueueRow): QueueItem {
  const done = row.ok + row.fail;
  return {
    qid: row.id,
    queue: QUEUE_REASONS.find((r) => r === row.reason) ?? 'queue_group',
    added: Math.floor(row.createdAt.getTime() / 1000),
    user: { first_name: row.firstName, last_name: row.lastName },
    status: {
      percentage: row.count > 0 ? Math.min(100, Math.floor((done / row.count) * 100)) : 0,
      count: row.count,
      process: row.process,
      ok: row.ok,
      fail: row.fail,
    },
  };
}

/** The company's running operations; `count` feeds the header's queue counter. */
export async function listQueue(db: Db, principal: Principal): Promise<QueueListResult> {
  const rows = await repo.listRunningItems(db, principal.companyId);
  return { count: rows.length, items: rows.map(toQueueItem) };
}
