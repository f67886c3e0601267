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

export async function insertNotification(
  db: Executor,
  input: { companyId: number; userId: number; type: string; category: string; text: string },
) {
  const [row] = await db
    .insert(notifications)
    .values({ companyId: input.companyId, userId: input.userId, type: input.type, category: input.category, text: input.text })
    .returning();
  if (!row) throw new Error('notification insert returned nothing');
  return row;
}
