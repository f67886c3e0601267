import { API } from '@cab/contract/paths';
import type { z } from 'zod';
import type { Notification, NotifyListResult, NotifyReadResult as NotifyReadSchema } from '@cab/contract/notify';
import { api, required } from './api';

// The contract exports the schema only; the type is inferred here (type-only, no zod in the bundle).
type NotifyReadResult = z.infer<typeof NotifyReadSchema>;

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
