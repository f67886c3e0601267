import type { Notification, NotifyListResult } from '@cab/contract/notify';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { Lang } from '@cab/contract/constants';
import { notifyEvent, toNotification, type NotificationCategory, type NotificationPublisher, type NotificationTexts } from './events.js';
import * as repo from './repository.js';

export { toNotification } from './events.js';

/** Texts in the asked language (the call's `lang`) where the row has them. */
export async function listNotifications(db: Db, principal: Principal, includeRead: boolean, lang: Lang | undefined): Promise<NotifyListResult> {
  const { items, unread } = await repo.listNotifications(db, principal.companyId, principal.userId, includeRead);
  return { count: unread, items: Object.fromEntries(items.map((row) => [String(row.id), toNotification(row, lang)])) };
}

export async function readNotifications(db: Db, principal: Principal, ids: number[]): Promise<number> {
  return repo.markRead(db, principal.companyId, principal.userId, ids);
}

export interface NewNotification {
  companyId: number;
  userId: number;
  type: Notification['type'];
  category: NotificationCategory;
  text: NotificationTexts;
  /** The user's language now: the row's `text` and its deliveries are in it. */
  lang: string;
  /** Also show it as a popup in the user's open tabs. */
  popup: boolean;
}

/**
 * Tells one user (an event of its own: the company's methods get it once). Something told to several
 * users is one event: use `notifyEvent` with all of them as recipients, or each method gets it per user.
 * Call it outside a transaction; inside one, `storeNotificationEvents` then `announceNotificationEvents`
 * after the commit.
 */
export async function createNotification(db: Db, bus: NotificationPublisher, input: NewNotification): Promise<Notification> {
  const stored = await notifyEvent(db, bus, {
    companyId: input.companyId,
    category: input.category,
    type: input.type,
    text: input.text,
    recipients: [{ userId: input.userId, lang: input.lang, popup: input.popup }],
  });
  const told = stored?.told[0];
  if (!told) throw new Error('notification insert returned nothing');
  return told.notification;
}
