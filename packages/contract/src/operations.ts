import { z } from 'zod';
import { Id, Page, UnixSeconds } from './common.js';
import { LANGS, QUEUE_REASONS } from './constants.js';
import { action, file, read } from './endpoint.js';
import { QueueCreateResult, SimSelection, SIM_QUEUE_REASONS } from './queue.js';
import { SMS_DELIVERY_STATUSES } from './sms-messages.js';

/** Bulk operations (queue items) stay in the history this long; a housekeeping job drops older ones. */
export const OPERATION_RETENTION_DAYS = 180;

export const OPERATION_STATES = ['running', 'done', 'cancelled', 'failed'] as const;
export type OperationState = (typeof OPERATION_STATES)[number];

/**
 * A per-SIM result: still to do, being done, done, left as it was because it already was as asked
 * (queue UNCHANGED_REASONS: "already blocked"), failed, or never started (cancelled).
 */
export const RESULT_STATUSES = ['pending', 'running', 'ok', 'unchanged', 'fail', 'cancelled'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const OperationsPageSize = z.number().int().min(1).max(100);

export const OperationListRequest = z.strictObject({
  page: Page.max(10_000),
  size: OperationsPageSize,
  reason: z.enum(QUEUE_REASONS).optional(),
  state: z.enum(OPERATION_STATES).optional(),
});
export type OperationListRequest = z.input<typeof OperationListRequest>;

export const OperationSummary = z.object({
  qid: Id,
  reason: z.enum(QUEUE_REASONS),
  state: z.enum(OPERATION_STATES),
  user: z.object({ id: Id, first_name: z.string(), last_name: z.string() }),
  added: UnixSeconds,
  finished: UnixSeconds.nullable(),
  /** Seconds from start to finish (or to now while it runs). */
  duration: z.number().int().min(0),
  count: z.number().int(),
  ok: z.number().int(),
  /** SIMs already as the operation asks, left as they were: neither done nor failed. */
  unchanged: z.number().int(),
  fail: z.number().int(),
  /** The operation whose failed SIMs this one retries. */
  retry_of: Id.nullable(),
});
export type OperationSummary = z.infer<typeof OperationSummary>;

export const OperationListResult = z.object({ items: z.array(OperationSummary), total: z.number().int() });
export type OperationListResult = z.infer<typeof OperationListResult>;

export const OperationGetRequest = z.strictObject({ qid: Id });

export const OperationDetail = OperationSummary.extend({
  /** The operation's parameters as the server ran them (SMS text, limit, package, amount, target). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** SIMs by result status. */
  statuses: z.record(z.enum(RESULT_STATUSES), z.number().int()),
  /** Why SIMs failed or were left unchanged, and how many SIMs each. */
  fail_reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** Whether the caller may start an operation of this kind (retry button). */
  can_retry: z.boolean(),
  /** How many SIMs a retry would take now: failed and not done since, not those already as asked. */
  retry_count: z.number().int(),
});
export type OperationDetail = z.infer<typeof OperationDetail>;

export const ResultFilter = z.strictObject({
  status: z.enum(RESULT_STATUSES).optional(),
  reason: z.string().trim().min(1).max(100).optional(),
});
export type ResultFilter = z.infer<typeof ResultFilter>;

export const OperationResultsRequest = z.strictObject({
  qid: Id,
  page: Page.max(100_000),
  size: OperationsPageSize,
  filter: ResultFilter.default({}),
});
export type OperationResultsRequest = z.input<typeof OperationResultsRequest>;

export const OperationResultRow = z.object({
  sim_id: Id,
  iccid: z.string(),
  msisdn: z.string(),
  status: z.enum(RESULT_STATUSES),
  reason: z.string().nullable(),
  done: UnixSeconds.nullable(),
  /** SMS operations: what became of the SIM's message at the SMSC (null: it never reached it). */
  delivery: z.enum(SMS_DELIVERY_STATUSES).nullable().optional(),
});
export type OperationResultRow = z.infer<typeof OperationResultRow>;

export const OperationResultsResult = z.object({ items: z.array(OperationResultRow), total: z.number().int() });
export type OperationResultsResult = z.infer<typeof OperationResultsResult>;

export const OperationResultsCsvQuery = z.strictObject({
  qid: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  status: z.enum(RESULT_STATUSES).optional(),
  reason: z.string().trim().min(1).max(100).optional(),
  lang: z.enum(LANGS).optional(),
});

export const OperationRetryRequest = z.strictObject({ qid: Id });

export const OperationsBySimRequest = z.strictObject({ id: Id, page: Page.max(10_000), size: OperationsPageSize });
export const SimOperationRow = OperationSummary.pick({ qid: true, reason: true, state: true, user: true, added: true }).extend({
  status: z.enum(RESULT_STATUSES),
  result_reason: z.string().nullable(),
});
export type SimOperationRow = z.infer<typeof SimOperationRow>;
export const OperationsBySimResult = z.object({ items: z.array(SimOperationRow), total: z.number().int() });
export type OperationsBySimResult = z.infer<typeof OperationsBySimResult>;

/** How many SIMs a confirm dialog lists before "see all". */
export const PREVIEW_SIMS = 5;

export const QueuePreviewRequest = z.strictObject({
  selection: SimSelection,
  /** With a reason, `eligible` counts the SIMs whose profile allows it. */
  reason: z.enum(SIM_QUEUE_REASONS).optional(),
});
export type QueuePreviewRequest = z.input<typeof QueuePreviewRequest>;

export const QueuePreviewResult = z.object({
  count: z.number().int(),
  eligible: z.number().int(),
  /** Of the eligible, how many the operation would leave as they are (UNCHANGED_RULES): "already blocked". */
  unchanged: z.number().int(),
  first: z.array(z.object({ id: Id, iccid: z.string(), msisdn: z.string(), name: z.string().nullable() })),
});
export type QueuePreviewResult = z.infer<typeof QueuePreviewResult>;

/** The web route of one operation's history page; notifications and the queue dropdown link here. */
export function operationPagePath(qid: number): string {
  return `/operations/${qid}`;
}

/** The operation history (issue 14): every bulk operation of the company, its per-SIM results, and a confirm dialog's preview. */
export const OPERATIONS_API = {
  list: read('/api/operations/list', { body: OperationListRequest, result: OperationListResult, access: 'sims.read' }),
  get: read('/api/operations/get', { body: OperationGetRequest, result: OperationDetail, access: 'sims.read' }),
  results: read('/api/operations/results', { body: OperationResultsRequest, result: OperationResultsResult, access: 'sims.read' }),
  resultsCsv: file('/api/operations/results_csv', { query: OperationResultsCsvQuery, access: 'sims.read' }),
  retry: action('/api/operations/retry', { body: OperationRetryRequest, result: QueueCreateResult, access: 'sims.operate', writable: true }),
  bySim: read('/api/operations/by_sim', { body: OperationsBySimRequest, result: OperationsBySimResult, access: 'sims.read' }),
  queuePreview: read('/api/queue/preview', { body: QueuePreviewRequest, result: QueuePreviewResult, access: 'sims.read' }),
} as const;
