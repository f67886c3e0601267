import { randomUUID } from 'node:crypto';
import { LANGS, NOTIFICATION_TYPES, type Lang } from '@cab/contract/constants';
import type { Notification } from '@cab/contract/notify';
import type { Db, Executor } from '../../../db/client.js';
import type { EventBus } from '../../../realtime/bus.js';
import * as repo from './repository.js';

export { findActiveUsers, type ActiveUser } from './repository.js';

/** A notification's text in every cabinet language. */
export type NotificationTexts = Record<Lang, string>;

/** Writes a text in each language (templates, amounts and dates formatted per language). */
export function inEveryLang(write: (lang: Lang) => string): NotificationTexts {
  return { ru: write('ru'), en: write('en') };
}

export function langOf(value: string | null | undefined): Lang {
  return LANGS.find((l) => l === value) ?? 'ru';
}

type NotificationRow = { id: number; type: string; text: string; texts?: NotificationTexts | null; readed: boolean; createdAt: Date; link?: string | null };

/**
 * `text` in the asked language when the row has it (rows written before `texts` existed have only the
 * one they were written in); `texts` goes along so a cabinet switches language without a refetch.
 */
export function toNotification(row: NotificationRow, lang?: Lang): Notification {
  return {
    id: row.id,
    type: NOTIFICATION_TYPES.find((t) => t === row.type) ?? 'default',
    added: Math.floor(row.createdAt.getTime() / 1000),
    text: (lang && row.texts?.[lang]) || row.text,
    texts: row.texts ?? null,
    readed: row.readed,
    link: row.link ?? null,
  };
}

/** Which notification-method flag an event travels under (ARCHITECTURE §7). */
export type NotificationCategory = 'sim' | 'billing' | 'notify';

export interface NotificationRecipient {
  userId: number;
  /** The recipient's language now: the row's `text` (and what delivery sends) is in it. */
  lang: string;
  /** Also show it as a popup in the user's open tabs. */
  popup: boolean;
}

/** One thing that happened in a company, told to one or more of its users. */
export interface NotificationEvent {
  companyId: number;
  category: NotificationCategory;
  type: Notification['type'];
  /** In every language: each reader sees it in the language they read in at the time. */
  text: NotificationTexts;
  recipients: NotificationRecipient[];
  /** The page of what it is about (a SIM, bill, order, operation), shown as the notification's link. */
  link?: string | null;
  /** What webhooks get beyond the text: their event type (e.g. sim.alert) and its data under that key. */
  webhook?: WebhookExtra;
}

export interface WebhookExtra {
  type: string;
  key: string;
  data: Record<string, unknown>;
}

/** What delivery needs to find an event and the company's methods it goes to. */
export interface NotificationEventStored {
  companyId: number;
  eventKey: string;
  category: NotificationCategory;
  webhook?: WebhookExtra;
}

export interface StoredNotificationEvent extends NotificationEventStored {
  told: Array<{ userId: number; popup: boolean; notification: Notification }>;
}

/** Only publishing is needed, so tests can pass a spy instead of a bus over PostgreSQL. */
export type NotificationPublisher = Pick<EventBus, 'publish'>;

type DeliveryHook = (event: NotificationEventStored) => void;
let deliveryHook: DeliveryHook | null = null;

/**
 * Set by the job queue (jobs/boss.ts), so events reach the company's methods. Returns what removes the
 * hook again if it is still this one (the queue's stop: a stopped queue takes no more events).
 */
export function onNotificationEvent(hook: DeliveryHook): () => void {
  deliveryHook = hook;
  return () => {
    if (deliveryHook === hook) deliveryHook = null;
  };
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
        text: event.text[langOf(r.lang)],
        texts: event.text,
        link: event.link ?? null,
        eventKey,
      })),
    ),
  );
  const rowsOf = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = rowsOf.get(row.eventKey);
    if (list) list.push(row);
    else rowsOf.set(row.eventKey, [row]);
  }
  return keyed.map(({ event, eventKey }) => {
    const popupOf = new Map(event.recipients.map((r) => [r.userId, r.popup]));
    const langByUser = new Map(event.recipients.map((r) => [r.userId, r.lang]));
    return {
      companyId: event.companyId,
      eventKey,
      category: event.category,
      ...(event.webhook ? { webhook: event.webhook } : {}),
      told: (rowsOf.get(eventKey) ?? []).map((row) => ({
        userId: row.userId,
        popup: popupOf.get(row.userId) ?? false,
        notification: toNotification(row, langOf(langByUser.get(row.userId))),
      })),
    };
  });
}

/**
 * After the commit: hands each event to delivery once (e-mail, webhook, … queued, not awaited) and
 * pushes each row to its user's sockets (spec §4: notify event). Returns the pushes that failed: the
 * rows are committed regardless and clients see them on their next load, so nothing is thrown.
 */
export async function announceNotificationEvents(bus: NotificationPublisher, stored: StoredNotificationEvent[]): Promise<number> {
  for (const event of stored) {
    deliveryHook?.({ companyId: event.companyId, eventKey: event.eventKey, category: event.category, ...(event.webhook ? { webhook: event.webhook } : {}) });
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

/** The users of many companies, each company's in id order (from one `findActiveUsers` read). */
export function byCompany(users: repo.ActiveUser[]): Map<number, repo.ActiveUser[]> {
  const grouped = new Map<number, repo.ActiveUser[]>();
  for (const user of users) {
    const list = grouped.get(user.companyId);
    if (list) list.push(user);
    else grouped.set(user.companyId, [user]);
  }
  return grouped;
}

/** An event told to all these users (one company's), each in their language. */
export function eventForUsers(
  companyId: number,
  users: repo.ActiveUser[],
  event: Pick<NotificationEvent, 'category' | 'type' | 'link' | 'text'> & { popup: boolean },
): NotificationEvent {
  return {
    companyId,
    link: event.link ?? null,
    category: event.category,
    type: event.type,
    text: event.text,
    recipients: users.map((user) => ({ userId: user.userId, lang: user.lang, popup: event.popup })),
  };
}

/** Stores events on their own (outside any transaction) and announces them: the usual way to tell users. */
export async function notifyEvents(db: Db, bus: NotificationPublisher, events: NotificationEvent[]): Promise<StoredNotificationEvent[]> {
  const stored = await storeNotificationEvents(db, events);
  await announceNotificationEvents(bus, stored);
  return stored;
}

/** `notifyEvents` for one event. */
export async function notifyEvent(db: Db, bus: NotificationPublisher, event: NotificationEvent): Promise<StoredNotificationEvent | undefined> {
  return (await notifyEvents(db, bus, [event]))[0];
}
