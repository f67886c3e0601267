import type { Notification, NotifyListResult } from '@cab/contract/notify';
import { NOTIFICATION_TYPES } from '@cab/contract/constants';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../realtime/bus.js';
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

export interface NewNotification {
  companyId: number;
  userId: number;
  type: Notification['type'];
  category: 'sim' | 'billing' | 'notify';
  text: string;
  /** Also show it as a popup in the user's open tabs. */
  popup: boolean;
}

const POPUP_TYPE = { success: 'success', error: 'error', info: 'info', warning: 'warn', default: 'info' } as const;

/** Stores a notification and pushes it to the user's sockets (spec §4: notify event). */
export async function createNotification(db: Db, bus: EventBus, input: NewNotification): Promise<Notification> {
  const row = await repo.insertNotification(db, input);
  const notification = toNotification(row);
  await bus.publish(
    { userId: input.userId },
    {
      type: 'notify',
      data: { ...notification, ...(input.popup ? { popup: { show: true, type: POPUP_TYPE[input.type], text: input.text } } : {}) },
    },
  );
  return notification;
}
