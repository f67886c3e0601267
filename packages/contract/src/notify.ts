import { z } from 'zod';
import { Id, UnixSeconds } from './common.js';
import { NOTIFICATION_TYPES } from './constants.js';
import { action, read } from './endpoint.js';

export const Notification = z.object({
  id: Id,
  type: z.enum(NOTIFICATION_TYPES),
  added: UnixSeconds,
  /** In the call's language (or the reader's, pushed over the socket) where the row has it. */
  text: z.string(),
  /**
   * The text in every language, so a cabinet shows it in the language it is switched to; null for
   * rows written before texts were kept in both.
   */
  texts: z.object({ ru: z.string(), en: z.string() }).nullable().optional(),
  readed: z.boolean(),
  /** The page of the notification's object (SIM, bill, order, operation); absent or null: none. */
  link: z.string().nullable().optional(),
});
export type Notification = z.infer<typeof Notification>;

export const NotifyListRequest = z.strictObject({ all: z.boolean().optional() }).nullish();

/** `count` is the number of unread notifications; `items` is keyed by id (spec §3). */
export const NotifyListResult = z.object({
  count: z.number().int(),
  items: z.record(z.string(), Notification),
});
export type NotifyListResult = z.infer<typeof NotifyListResult>;

export const NotifyReadRequest = z.strictObject({ id: z.array(Id).min(1).max(1000) });
export type NotifyReadRequest = z.infer<typeof NotifyReadRequest>;
export const NotifyReadResult = z.object({ updated: z.number().int() });
export type NotifyReadResult = z.infer<typeof NotifyReadResult>;

/** The header's notifications (spec §7). */
export const NOTIFY_API = {
  list: read('/api/notify/list', { body: NotifyListRequest, result: NotifyListResult, access: 'signedIn' }),
  read: action('/api/notify/read', { body: NotifyReadRequest, result: NotifyReadResult, access: 'signedIn', writable: false }),
} as const;
