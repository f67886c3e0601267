import type { Notification, NotifyListResult } from '@cab/contract/notify';
import type { QueueItem, QueueListResult } from '@cab/contract/queue';

/** Header widget state (spec §4), kept in the TanStack cache and updated by websocket events. */
export interface QueueState {
  count: number;
  items: QueueItem[];
}

export interface NotifyState {
  count: number;
  items: Record<string, Notification>;
}

export const QUEUE_KEY = ['queue'] as const;
/** The last finished operations the dropdown keeps (POST /api/queue/finished); refetched when one ends. */
export const QUEUE_FINISHED_KEY = ['queue', 'finished'] as const;
export const NOTIFY_KEY = ['notify', 'dropdown'] as const;

const EMPTY_QUEUE: QueueState = { count: 0, items: [] };
const EMPTY_NOTIFY: NotifyState = { count: 0, items: {} };

function upsert(items: QueueItem[], item: QueueItem): QueueItem[] {
  const index = items.findIndex((existing) => existing.qid === item.qid);
  if (index === -1) return [item, ...items];
  return items.map((existing, i) => (i === index ? item : existing));
}

/** The list loaded on login: its count is added to the counter. */
export function mergeQueueList(state: QueueState = EMPTY_QUEUE, list: QueueListResult): QueueState {
  return { count: state.count + list.count, items: list.items.reduce(upsert, state.items) };
}

export function queueAdded(state: QueueState = EMPTY_QUEUE, item: QueueItem): QueueState {
  return { count: state.count + 1, items: upsert(state.items, item) };
}

export function queueChanged(state: QueueState = EMPTY_QUEUE, item: QueueItem): QueueState {
  return { ...state, items: upsert(state.items, item) };
}

export function queueDeleted(state: QueueState = EMPTY_QUEUE, qid: number): QueueState {
  return { count: Math.max(0, state.count - 1), items: state.items.filter((item) => item.qid !== qid) };
}

export function notifyFromList(list: NotifyListResult): NotifyState {
  return { count: list.count, items: list.items };
}

/** Only a new id is added, and each one raises the unread count. */
export function notificationAdded(state: NotifyState = EMPTY_NOTIFY, notification: Notification): NotifyState {
  const key = String(notification.id);
  if (state.items[key]) return state;
  return { count: state.count + 1, items: { ...state.items, [key]: notification } };
}

export function unreadIds(state: NotifyState): number[] {
  return Object.values(state.items)
    .filter((item) => !item.readed)
    .map((item) => item.id);
}

/** Opening the dropdown resets the count (and the marker with it). */
export function notificationsSeen(state: NotifyState = EMPTY_NOTIFY): NotifyState {
  const items: Record<string, Notification> = {};
  for (const [key, item] of Object.entries(state.items)) items[key] = { ...item, readed: true };
  return { count: 0, items };
}

export function notificationsHidden(): NotifyState {
  return EMPTY_NOTIFY;
}
