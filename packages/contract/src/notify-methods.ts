import { z } from 'zod';
import { SessionCheckResult } from './auth.js';
import { Id, Page, Size, UnixSeconds } from './common.js';
import { action, read } from './endpoint.js';

/** Notification method types (spec §3): 0 e-mail, 1 webhook, 2 WhatsApp, 3 Telegram. */
export const NOTIFY_METHOD_TYPES = [0, 1, 2, 3] as const;
export type NotifyMethodType = (typeof NOTIFY_METHOD_TYPES)[number];
export const NOTIFY_METHOD_TYPE_NAMES = {
  0: 'email',
  1: 'webhook',
  2: 'whatsapp',
  3: 'telegram',
} as const satisfies Record<NotifyMethodType, string>;
/** Which kinds of notification a method receives; a notification's category names one flag. */
export const NOTIFY_CATEGORIES = ['sim', 'billing', 'notify'] as const;
export type NotifyCategory = (typeof NOTIFY_CATEGORIES)[number];

export const NOTIFY_DESTINATION_MAX = 500;

/**
 * Destination rules (spec §5): e-mail user@domain; webhook an http(s) URL; WhatsApp a number in
 * international format (+ and 8–15 digits); Telegram the chat key the operator's bot tells the user:
 * a numeric chat id (negative for groups) or a public @channel name.
 */
const DESTINATION_PATTERNS: Record<NotifyMethodType, RegExp> = {
  0: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  1: /^https?:\/\/[^\s/?#]+[^\s]*$/i,
  2: /^\+\d{8,15}$/,
  3: /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/,
};

export function isValidDestination(type: NotifyMethodType, destination: string): boolean {
  if (destination.length > NOTIFY_DESTINATION_MAX || !DESTINATION_PATTERNS[type].test(destination)) return false;
  if (type !== 1) return true;
  try {
    const url = new URL(destination);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Root names the company it acts on; everyone else acts on their own and may omit it. */
const CompanyRef = { company_id: Id.optional() };
const Flags = { sim: z.boolean(), billing: z.boolean(), notify: z.boolean() };
const Destination = z.string().trim().min(1).max(NOTIFY_DESTINATION_MAX);
const MethodType = z.union(NOTIFY_METHOD_TYPES.map((t) => z.literal(t)));

export const NotifyMethod = z.object({
  id: Id,
  company_id: Id,
  type: MethodType,
  destination: z.string(),
  ...Flags,
  /** Webhook signing key (HMAC-SHA256), shown to admins so their receiver can verify; null for other types. */
  secret: z.string().nullable(),
  created: UnixSeconds,
});
export type NotifyMethod = z.infer<typeof NotifyMethod>;

export const NotifyMethodListRequest = z.strictObject({ ...CompanyRef }).nullish();
export type NotifyMethodListRequest = z.infer<typeof NotifyMethodListRequest>;
export const NotifyMethodListResult = z.object({ items: z.array(NotifyMethod), total: z.number().int() });
export type NotifyMethodListResult = z.infer<typeof NotifyMethodListResult>;

export const NotifyMethodCreateRequest = z.strictObject({
  ...CompanyRef,
  type: MethodType,
  destination: Destination,
  ...Flags,
});
export type NotifyMethodCreateRequest = z.infer<typeof NotifyMethodCreateRequest>;

export const NotifyMethodUpdateRequest = z.strictObject({
  ...CompanyRef,
  id: Id,
  type: MethodType,
  destination: Destination,
  ...Flags,
});
export type NotifyMethodUpdateRequest = z.infer<typeof NotifyMethodUpdateRequest>;

export const NotifyMethodRef = z.strictObject({ ...CompanyRef, id: Id });
export type NotifyMethodRef = z.infer<typeof NotifyMethodRef>;

export const NOTIFY_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;

export const NotifyDelivery = z.object({
  id: Id,
  method_id: Id,
  /** Null for a test-send. */
  notification_id: Id.nullable(),
  status: z.enum(NOTIFY_DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created: UnixSeconds,
  delivered: UnixSeconds.nullable(),
});
export type NotifyDelivery = z.infer<typeof NotifyDelivery>;

export const NotifyDeliveryListRequest = z.strictObject({
  ...CompanyRef,
  id: Id,
  page: Page.default(0),
  size: Size.default(25),
});
export type NotifyDeliveryListRequest = z.infer<typeof NotifyDeliveryListRequest>;
export const NotifyDeliveryListResult = z.object({ items: z.array(NotifyDelivery), total: z.number().int() });
export type NotifyDeliveryListResult = z.infer<typeof NotifyDeliveryListResult>;

/**
 * What a test-send answers: the delivery, tried once within the delivery timeout, with its outcome
 * (`response_status` of the receiver, or `error` when it did not arrive). A test is not retried.
 */
export const NotifyTestResult = z.object({
  delivery_id: Id,
  status: z.enum(['sent', 'failed']),
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type NotifyTestResult = z.infer<typeof NotifyTestResult>;

/** Webhook request headers (README "Webhook notifications" says how a receiver verifies them). */
export const WEBHOOK_HEADERS = {
  timestamp: 'X-Cabinet-Timestamp',
  signature: 'X-Cabinet-Signature',
  delivery: 'X-Cabinet-Delivery',
} as const;

/** A company's notification methods (root: any company's) and their delivery logs. */
export const NOTIFY_METHODS_API = {
  list: read('/api/notify_methods/list', {
    body: NotifyMethodListRequest,
    result: NotifyMethodListResult,
    access: 'notifyMethods.manage',
  }),
  create: action('/api/notify_methods/create', {
    body: NotifyMethodCreateRequest,
    result: NotifyMethod,
    access: 'notifyMethods.manage',
    writable: true,
  }),
  update: action('/api/notify_methods/update', {
    body: NotifyMethodUpdateRequest,
    result: NotifyMethod,
    access: 'notifyMethods.manage',
    writable: true,
  }),
  delete: action('/api/notify_methods/delete', {
    body: NotifyMethodRef,
    result: SessionCheckResult,
    access: 'notifyMethods.manage',
    writable: true,
  }),
  test: action('/api/notify_methods/test', {
    body: NotifyMethodRef,
    result: NotifyTestResult,
    access: 'notifyMethods.manage',
    writable: true,
  }),
  deliveries: read('/api/notify_methods/deliveries', {
    body: NotifyDeliveryListRequest,
    result: NotifyDeliveryListResult,
    access: 'notifyMethods.manage',
  }),
} as const;
