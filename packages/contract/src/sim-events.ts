import { z } from 'zod';
import { Id, UnixSeconds } from './common.js';
import { read } from './endpoint.js';
import { SimLabel } from './sim-labels.js';

/**
 * The network event log (issue 25.2): what happened to a SIM on the network and who or what did it.
 * Kept 30 days. Listed per SIM (its page) and company-wide (/events), newest first.
 */
export const SIM_EVENT_TYPES = [
  'attach',
  'detach',
  'session_start',
  'session_stop',
  'imei_change',
  /** The serving country or operator differs from the last known one. */
  'network_change',
  'block',
  'unblock',
  'limit_reached',
  'sms_in',
  'sms_out',
  /** An outgoing SMS's delivery receipt (delivered or failed). */
  'sms_delivery',
  /** An alert rule fired for the SIM (actor: the rule; details: condition, value, actions). */
  'alert',
  /** A data session came from another IMEI than the SIM's IMEI lock allows. */
  'imei_mismatch',
] as const;
export type SimEventType = (typeof SIM_EVENT_TYPES)[number];

/**
 * Who or what caused an event: the network itself (sessions, SMS, attach), a user (label: e-mail),
 * root (label: e-mail), billing (financial block), the MSU cap, an alert rule (label: its name), the
 * data limit, the IMEI lock.
 */
export const SIM_EVENT_ACTOR_KINDS = ['network', 'user', 'root', 'billing', 'msu', 'alert_rule', 'limit', 'imei_lock'] as const;
export type SimEventActorKind = (typeof SIM_EVENT_ACTOR_KINDS)[number];

/** Days an event is kept (the retention job deletes older ones; README "Data retention"). */
export const SIM_EVENTS_RETENTION_DAYS = 30;
export const SIM_EVENTS_PAGE_MAX = 100;
/** SIM ids one `sim_events` push names at most (a NOTIFY payload stays small). */
export const SIM_EVENTS_PUSH_SIMS = 200;

/** A few values naming what happened (operator, country, IMEI, bytes, block type, reason). */
export const SimEventDetails = z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]));
export type SimEventDetails = z.infer<typeof SimEventDetails>;

export const SimEvent = z.object({
  id: Id,
  sim: Id,
  iccid: z.string(),
  type: z.enum(SIM_EVENT_TYPES),
  at: UnixSeconds,
  actor: z.object({ kind: z.enum(SIM_EVENT_ACTOR_KINDS), label: z.string().nullable() }),
  details: SimEventDetails,
});
export type SimEvent = z.infer<typeof SimEvent>;

/** Opaque keyset position: the next page starts after the last event of this one. */
const Cursor = z.string().max(40).regex(/^\d{1,20}:\d{1,16}$/);

const EventFilters = {
  types: z.array(z.enum(SIM_EVENT_TYPES)).max(SIM_EVENT_TYPES.length).optional(),
  /** Unix seconds, inclusive. */
  from: UnixSeconds.min(0).max(4_102_444_800).optional(),
  /** Unix seconds, exclusive. */
  to: UnixSeconds.min(0).max(4_102_444_800).optional(),
  cursor: Cursor.optional(),
  size: z.number().int().min(1).max(SIM_EVENTS_PAGE_MAX),
};

export const SimEventsRequest = z.strictObject({ id: Id, ...EventFilters });
export type SimEventsRequest = z.infer<typeof SimEventsRequest>;

export const CompanyEventsRequest = z.strictObject({
  /** A SIM by its id or by its ICCID (one of them). */
  sim: Id.optional(),
  iccid: z.string().regex(/^\d{1,22}$/).optional(),
  group: Id.optional(),
  label: SimLabel.optional(),
  /** Root and parents: one company of their scope; others see their own company. */
  company: Id.optional(),
  ...EventFilters,
});
export type CompanyEventsRequest = z.infer<typeof CompanyEventsRequest>;

export const SimEventsResult = z.object({ items: z.array(SimEvent), next: Cursor.nullable() });
export type SimEventsResult = z.infer<typeof SimEventsResult>;

export const SIM_EVENTS_API = {
  bySim: read('/api/sims/events', { body: SimEventsRequest, result: SimEventsResult, access: 'sims.read' }),
  list: read('/api/events/list', { body: CompanyEventsRequest, result: SimEventsResult, access: 'sims.read' }),
} as const;
