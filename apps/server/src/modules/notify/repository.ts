import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { NOTIFY_LIST_LIMIT } from '@cab/contract/constants';
import type { Executor } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

const ofUser = (companyId: number, userId: number) =>
  and(eq(notifications.companyId, companyId), eq(notifications.userId, userId));

export async function listNotifications(db: Executor, companyId: number, userId: number, includeRead: boolean) {
  const unread = and(ofUser(companyId, userId), eq(notifications.readed, false));
  const [items, [unreadCount]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(includeRead ? ofUser(companyId, userId) : unread)
      .orderBy(desc(notifications.id))
      .limit(NOTIFY_LIST_LIMIT),
    db.select({ n: count() }).from(notifications).where(unread),
  ]);
  return { items, unread: unreadCount?.n ?? 0 };
}

export async function markRead(db: Executor, companyId: number, userId: number, ids: number[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readed: true })
    .where(and(ofUser(companyId, userId), inArray(notifications.id, ids), eq(notifications.readed, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Bulk insert; callers group rows into events by `eventKey`. */
export async function insertNotifications(
  db: Executor,
  rows: Array<{ companyId: number; userId: number; type: string; category: string; text: string; eventKey: string }>,
) {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}
