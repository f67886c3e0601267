import { z } from 'zod';
import { LANGS } from './constants.js';
import { Notification } from './notify.js';
import { QueueItem } from './queue.js';

/** Messages the browser sends on /ws (spec §3). */
export const WsAuthMessage = z.object({
  type: z.literal('auth'),
  data: z.string().max(4096),
  x_app_id: z.string().max(64),
  lang: z.enum(LANGS),
});
export const WsLangMessage = z.object({ type: z.literal('lang'), data: z.enum(LANGS) });
export const WsClientMessage = z.discriminatedUnion('type', [WsAuthMessage, WsLangMessage]);
export type WsClientMessage = z.infer<typeof WsClientMessage>;

export const POPUP_TYPES = ['success', 'error', 'info', 'warn'] as const;
export const Popup = z.object({ show: z.boolean(), type: z.enum(POPUP_TYPES), text: z.string() });
export type Popup = z.infer<typeof Popup>;

/** Events the server pushes (spec §4), each `{ type, data }`. */
export const WsServerEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('queue_add'), data: QueueItem }),
  z.object({ type: z.literal('queue_change'), data: QueueItem }),
  z.object({ type: z.literal('queue_del'), data: z.object({ qid: z.number() }) }),
  z.object({ type: z.literal('sim_update'), data: z.object({ id: z.number() }).loose() }),
  z.object({ type: z.literal('order'), data: z.object({ id: z.number() }).loose() }),
  z.object({ type: z.literal('notify'), data: Notification.extend({ popup: Popup.optional() }) }),
  z.object({ type: z.literal('portal_update'), data: z.object({}).loose() }),
  /**
   * New events in a company's event log (issue 25.2): which SIMs got them (at most SIM_EVENTS_PUSH_SIMS;
   * `more` says others did too), so an open SIM page or the events page refetches.
   */
  z.object({ type: z.literal('sim_events'), data: z.object({ sims: z.array(z.number()), more: z.boolean() }) }),
  z.object({ type: z.literal('auth'), data: z.object({ ok: z.boolean(), message: z.string().optional() }) }),
]);
export type WsServerEvent = z.infer<typeof WsServerEvent>;
export type WsEventType = WsServerEvent['type'];
