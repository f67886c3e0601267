import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { NOTIFY_LIST_LIMIT, type Lang } from '@cab/contract/constants';
import type { Executor } from '../../../db/client.js';
import { notifications, users } from '../../../db/schema.js';

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

/** Rows per INSERT statement: keeps a wave of notices (news to every user) under the parameter limit. */
const INSERT_CHUNK = 1000;

/** Bulk insert; callers group rows into events by `eventKey`. */
export async function insertNotifications(
  db: Executor,
  rows: Array<{ companyId: number; userId: number; type: string; category: string; text: string; texts: Record<Lang, string>; eventKey: string; link?: string | null }>,
) {
  const inserted = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    inserted.push(...(await db.insert(notifications).values(rows.slice(start, start + INSERT_CHUNK)).returning()));
  }
  return inserted;
}

export interface ActiveUser {
  companyId: number;
  userId: number;
  lang: string;
}

/** Who may be told something: active users of these companies (of all companies without a list), in id order. */
export async function findActiveUsers(db: Executor, companyIds?: number[]): Promise<ActiveUser[]> {
  if (companyIds?.length === 0) return [];
  return db
    .select({ companyId: users.companyId, userId: users.id, lang: users.lang })
    .from(users)
    .where(
      and(eq(users.active, true), isNull(users.deletedAt), companyIds ? inArray(users.companyId, companyIds) : undefined),
    )
    .orderBy(asc(users.id));
}
