import { z } from 'zod';
import { Id, Page, UnixSeconds } from './common.js';
import { read } from './endpoint.js';

/**
 * SMS that went out through the SMSC (SMPP) or came in from it. An outgoing message is queued once
 * the SMSC accepted it; its delivery receipt makes it delivered or failed. An incoming one
 * (mobile-originated, sent by the SIM's device) is received.
 */
export const SMS_DELIVERY_STATUSES = ['queued', 'delivered', 'failed'] as const;
export type SmsDeliveryStatus = (typeof SMS_DELIVERY_STATUSES)[number];
export const SMS_MESSAGE_STATUSES = [...SMS_DELIVERY_STATUSES, 'received'] as const;
export type SmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];

export const SimMessagesRequest = z.strictObject({
  id: Id,
  page: Page.max(10_000),
  size: z.number().int().min(1).max(50),
});
export type SimMessagesRequest = z.infer<typeof SimMessagesRequest>;

export const SimMessage = z.object({
  id: Id,
  direction: z.enum(['in', 'out']),
  /** The other party: the number an incoming message was sent to, the sender of an outgoing one (null: the SMSC's default). */
  peer: z.string().nullable(),
  text: z.string(),
  status: z.enum(SMS_MESSAGE_STATUSES),
  /** The receipt's stat (DELIVRD, UNDELIV…) or why the message did not reach the SMSC. */
  detail: z.string().nullable(),
  /** The operation that sent it. */
  qid: Id.nullable(),
  created: UnixSeconds,
  updated: UnixSeconds,
});
export type SimMessage = z.infer<typeof SimMessage>;

export const SimMessagesResult = z.object({ items: z.array(SimMessage), total: z.number().int() });
export type SimMessagesResult = z.infer<typeof SimMessagesResult>;

/** A SIM's messages, in and out, newest first (the SIM page). */
export const SMS_MESSAGES_API = {
  bySim: read('/api/sims/messages', { body: SimMessagesRequest, result: SimMessagesResult, access: 'sims.read' }),
} as const;
