import type { Notification, NotifyListResult } from '@cab/contract/notify';
import { NOTIFICATION_TYPES } from '@cab/contract/constants';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import * as repo from './repository.js';

type NotificationRow = { id: number; type: string; text: string; readed: boolean; createdAt: Date };

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: NOTIFICATION_TYPES.find((t) => t === row.type) ?? 'default',
    added: Math.floor(row.createdAt.getTime() / 1000),
    text: row.text,
    readed: row.readed,
  };
}

export async function listNotifications(db: Db, principal: Principal, includeRead: boolean): Promise<NotifyListResult> {
  const { items, unread } = await repo.listNotifications(db, principal.companyId, principal.userId, includeRead);
  return { count: unread, items: Object.fromEntries(items.map((row) => [String(row.id), toNotification(row)])) };
}

export async function readNotifications(db: Db, principal: Principal, ids: number[]): Promise<number> {
  return repo.markRead(db, principal.companyId, principal.userId, ids);
}
