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

/** What notification delivery needs to find a new notification and the methods it goes to. */
export interface NotificationCreated {
  companyId: number;
  notificationId: number;
  category: NewNotification['category'];
}

type NotificationCreatedHook = (created: NotificationCreated) => void;
let notificationCreatedHook: NotificationCreatedHook | null = null;

/** Set once per process by the job queue (jobs/boss.ts), so notifications reach the company's methods. */
export function onNotificationCreated(hook: NotificationCreatedHook): void {
  notificationCreatedHook = hook;
}

/**
 * Stores a notification, hands it to delivery (e-mail, webhook, … without waiting for them) and
 * pushes it to the user's sockets (spec §4: notify event). Call it outside a transaction: delivery is
 * queued at once and must only see a committed row.
 */
export async function createNotification(db: Db, bus: EventBus, input: NewNotification): Promise<Notification> {
  const row = await repo.insertNotification(db, input);
  notificationCreatedHook?.({ companyId: row.companyId, notificationId: row.id, category: input.category });
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
