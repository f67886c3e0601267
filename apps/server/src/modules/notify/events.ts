import { randomUUID } from 'node:crypto';
import type { Notification } from '@cab/contract/notify';
import type { Db, Executor } from '../../db/client.js';
import type { EventBus } from '../../realtime/bus.js';
import * as repo from './repository.js';
import { toNotification } from './service.js';

/** Which notification-method flag an event travels under (ARCHITECTURE §7). */
export type NotificationCategory = 'sim' | 'billing' | 'notify';

export interface NotificationRecipient {
  userId: number;
  /** In the recipient's language. */
  text: string;
  /** Also show it as a popup in the user's open tabs. */
  popup: boolean;
}

/** One thing that happened in a company, told to one or more of its users. */
export interface NotificationEvent {
  companyId: number;
  category: NotificationCategory;
  type: Notification['type'];
  recipients: NotificationRecipient[];
}

/** What delivery needs to find an event and the company's methods it goes to. */
export interface NotificationEventStored {
  companyId: number;
  eventKey: string;
  category: NotificationCategory;
}

export interface StoredNotificationEvent extends NotificationEventStored {
  told: Array<{ userId: number; popup: boolean; notification: Notification }>;
}

/** Only publishing is needed, so tests can pass a spy instead of a bus over PostgreSQL. */
export type NotificationPublisher = Pick<EventBus, 'publish'>;

type DeliveryHook = (event: NotificationEventStored) => void;
let deliveryHook: DeliveryHook | null = null;

/** Set once per process by the job queue (jobs/boss.ts), so events reach the company's methods. */
export function onNotificationEvent(hook: DeliveryHook): void {
  deliveryHook = hook;
}

const POPUP_TYPE = { success: 'success', error: 'error', info: 'info', warning: 'warn', default: 'info' } as const;

/**
 * Writes the events' rows, one per recipient, all rows of an event sharing its key. May run inside
 * the caller's transaction; nobody hears of them until `announceNotificationEvents` after the commit.
 * An event without recipients stores (and delivers) nothing.
 */
export async function storeNotificationEvents(db: Executor, events: NotificationEvent[]): Promise<StoredNotificationEvent[]> {
  const keyed = events.filter((e) => e.recipients.length > 0).map((event) => ({ event, eventKey: randomUUID() }));
  const rows = await repo.insertNotifications(
    db,
    keyed.flatMap(({ event, eventKey }) =>
      event.recipients.map((r) => ({
        companyId: event.companyId,
        userId: r.userId,
        type: event.type,
        category: event.category,
        text: r.text,
        eventKey,
      })),
    ),
  );
  return keyed.map(({ event, eventKey }) => ({
    companyId: event.companyId,
    eventKey,
    category: event.category,
    told: rows
      .filter((row) => row.eventKey === eventKey)
      .map((row) => ({
        userId: row.userId,
        popup: event.recipients.find((r) => r.userId === row.userId)?.popup ?? false,
        notification: toNotification(row),
      })),
  }));
}

/**
 * After the commit: hands each event to delivery once (e-mail, webhook, … queued, not awaited) and
 * pushes each row to its user's sockets (spec §4: notify event). Returns the pushes that failed: the
 * rows are committed regardless and clients see them on their next load, so nothing is thrown.
 */
export async function announceNotificationEvents(bus: NotificationPublisher, stored: StoredNotificationEvent[]): Promise<number> {
  for (const event of stored) {
    deliveryHook?.({ companyId: event.companyId, eventKey: event.eventKey, category: event.category });
  }
  const pushes = await Promise.allSettled(
    stored.flatMap((event) =>
      event.told.map(({ userId, popup, notification }) =>
        bus.publish(
          { userId },
          {
            type: 'notify',
            data: {
              ...notification,
              ...(popup ? { popup: { show: true, type: POPUP_TYPE[notification.type], text: notification.text } } : {}),
            },
          },
        ),
      ),
    ),
  );
  return pushes.filter((p) => p.status === 'rejected').length;
}

/** Stores one event on its own (outside any transaction) and announces it: the usual way to tell users. */
export async function notifyEvent(db: Db, bus: NotificationPublisher, event: NotificationEvent): Promise<StoredNotificationEvent | undefined> {
  const stored = await storeNotificationEvents(db, [event]);
  await announceNotificationEvents(bus, stored);
  return stored[0];
}
