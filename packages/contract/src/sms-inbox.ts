import { z } from 'zod';
import { Id, UnixSeconds } from './common.js';
import { LANGS } from './constants.js';
import { file, read } from './endpoint.js';
import { ReportDate } from './reports.js';
import { EXPORT_FORMATS } from './sim-tools.js';
import { SMS_MESSAGE_STATUSES } from './sms-messages.js';

/**
 * The SMS inbox (issue 25.7): every message of the company's SIMs in one place, newest first —
 * those the devices sent (mobile-originated: through the SMSC, or the network simulator's) and those
 * the cabinet sent with their delivery state. One model, sms_messages, is what it reads.
 *
 * Every search is bounded: a range of whole UTC days (default: the last SMS_INBOX_DEFAULT_DAYS, at
 * most SMS_INBOX_RANGE_MAX_DAYS), a short text search, one SIM by its exact ICCID or number.
 */

export const SMS_INBOX_DEFAULT_DAYS = 30;
export const SMS_INBOX_RANGE_MAX_DAYS = 366;
export const SMS_INBOX_PAGE_SIZE_MAX = 100;
export const SMS_INBOX_SEARCH_MAX = 100;
/** An export streams at most this many messages; a wider filter is refused (sms_export_too_large). */
export const SMS_INBOX_EXPORT_MAX_ROWS = 100_000;
export const SMS_DIRECTIONS = ['in', 'out'] as const;
export type SmsDirection = (typeof SMS_DIRECTIONS)[number];

/** An ICCID (up to 22 digits) or a phone number, digits with an optional leading +. */
export const SMS_INBOX_SIM_PATTERN = /^\+?\d{5,22}$/;

const filterShape = {
  /** One company of those the caller may see (root, agents, a parent company); default: the own scope. */
  company: Id.optional(),
  /** One SIM by its exact ICCID or MSISDN. */
  sim: z.string().trim().regex(SMS_INBOX_SIM_PATTERN).optional(),
  direction: z.enum(SMS_DIRECTIONS).optional(),
  status: z.enum(SMS_MESSAGE_STATUSES).optional(),
  from: ReportDate.optional(),
  to: ReportDate.optional(),
  /** Part of the text or of the other party's number, case-insensitive. */
  q: z.string().trim().min(1).max(SMS_INBOX_SEARCH_MAX).optional(),
};

export const SmsInboxFilter = z.strictObject(filterShape);
export type SmsInboxFilter = z.infer<typeof SmsInboxFilter>;

/** Where the next page starts: the last message's time (µs since the epoch) and id, newest first. */
export const SmsInboxCursor = z.string().regex(/^\d{1,17}:\d{1,16}$/);

export const SmsInboxRequest = z.strictObject({
  ...filterShape,
  cursor: SmsInboxCursor.optional(),
  size: z.number().int().min(1).max(SMS_INBOX_PAGE_SIZE_MAX),
});
export type SmsInboxRequest = z.infer<typeof SmsInboxRequest>;

export const SmsInboxItem = z.object({
  id: Id,
  company_id: Id,
  sim_id: Id,
  iccid: z.string(),
  msisdn: z.string().nullable(),
  sim_name: z.string().nullable(),
  direction: z.enum(SMS_DIRECTIONS),
  /** The other party: where a device's message went, the sender address of the cabinet's. */
  peer: z.string().nullable(),
  text: z.string(),
  status: z.enum(SMS_MESSAGE_STATUSES),
  /** The receipt's stat (DELIVRD, UNDELIV…) or why the message failed. */
  detail: z.string().nullable(),
  /** The operation that sent it. */
  qid: Id.nullable(),
  created: UnixSeconds,
  updated: UnixSeconds,
});
export type SmsInboxItem = z.infer<typeof SmsInboxItem>;

export const SmsInboxResult = z.object({
  items: z.array(SmsInboxItem),
  /** The cursor of the next page; null on the last one. */
  next: SmsInboxCursor.nullable(),
  /** The range searched, as resolved (the default range when none was given). */
  from: ReportDate,
  to: ReportDate,
});
export type SmsInboxResult = z.infer<typeof SmsInboxResult>;

/** The export's query: the list's filter as query-string values, plus the file format. */
export const SmsInboxExportQuery = z.strictObject({
  ...filterShape,
  company: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  format: z.enum(EXPORT_FORMATS).default('csv'),
  lang: z.enum(LANGS).optional(),
});
export type SmsInboxExportQuery = z.input<typeof SmsInboxExportQuery>;

export const SMS_INBOX_API = {
  list: read('/api/sms/list', { body: SmsInboxRequest, result: SmsInboxResult, access: 'sims.read' }),
  export: file('/api/sms/export', { query: SmsInboxExportQuery, access: 'sims.read' }),
} as const;
