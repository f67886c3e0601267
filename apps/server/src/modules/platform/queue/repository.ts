import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { queueItems, users } from '../../../db/schema.js';

export async function listRunningItems(db: Executor, companyId: number) {
  return db
    .select({
      id: queueItems.id,
      reason: queueItems.reason,
      createdAt: queueItems.createdAt,
      count: queueItems.count,
      process: queueItems.process,
      ok: queueItems.ok,
      fail: queueItems.fail,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(queueItems)
    .innerJoin(users, eq(users.id, queueItems.userId))
    .where(and(eq(queueItems.companyId, companyId), eq(queueItems.state, 'running')))
    .orderBy(desc(queueItems.id))
    .limit(100);
}
