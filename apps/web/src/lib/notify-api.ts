import { API } from '@cab/contract/paths';
import type { NotifyListResult, NotifyReadResult } from '@cab/contract/notify';
import type { Notification } from '@cab/contract/notify';
import { api, required } from './api';

export async function listNotifications(all: boolean): Promise<NotifyListResult> {
  return required(await api.post<NotifyListResult>(API.notifyList, all ? { all: true } : {}));
}

export async function readNotifications(ids: number[]): Promise<NotifyReadResult | null> {
  if (ids.length === 0) return null;
  return api.post<NotifyReadResult>(API.notifyRead, { id: ids });
}

/** Items arrive keyed by id; the UI lists them newest first. */
export function sortNewestFirst(items: Record<string, Notification>): Notification[] {
  return Object.values(items).sort((a, b) => b.added - a.added || b.id - a.id);
}
