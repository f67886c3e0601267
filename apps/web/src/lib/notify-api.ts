import type { ResultOf } from '@cab/contract/endpoint';
import { NOTIFY_API, type Notification, type NotifyListResult } from '@cab/contract/notify';
import { api, required } from './api';

export async function listNotifications(all: boolean): Promise<NotifyListResult> {
  return required(await api.call(NOTIFY_API.list, all ? { all: true } : {}));
}

export async function readNotifications(ids: number[]): Promise<ResultOf<typeof NOTIFY_API.read> | null> {
  if (ids.length === 0) return null;
  return api.call(NOTIFY_API.read, { id: ids });
}

/** Items arrive keyed by id; the UI lists them newest first. */
export function sortNewestFirst(items: Record<string, Notification>): Notification[] {
  return Object.values(items).sort((a, b) => b.added - a.added || b.id - a.id);
}
