import { z } from 'zod';
import { EmptyBody, Id, UnixSeconds } from './common.js';
import { LANGS, QUEUE_REASONS, SIM_PROFILES, SMS_MAX_LENGTH, type SimProfile } from './constants.js';
import { action, file, read, readByGet } from './endpoint.js';
import { IMEI_PATTERN, imeiCheckDigitOk } from './luhn.js';
import type { Permission } from './roles.js';
import { PROFILE_RULES, SimListFilter, type ProfileRule } from './sims.js';

export const QueueStatus = z.object({
  percentage: z.number().min(0).max(100),
  count: z.number().int(),
  process: z.number().int(),
  ok: z.number().int(),
  fail: z.number().int(),
});
export type QueueStatus = z.infer<typeof QueueStatus>;

export const QueueItem = z.object({
  qid: Id,
  queue: z.enum(QUEUE_REASONS),
  added: UnixSeconds,
  user: z.object({ first_name: z.string(), last_name: z.string() }),
  status: QueueStatus,
});
export type QueueItem = z.infer<typeof QueueItem>;

export const QueueListResult = z.object({ count: z.number().int(), items: z.array(QueueItem) });
export type QueueListResult = z.infer<typeof QueueListResult>;

/** The header's dropdown keeps the company's last finished operations of this many hours, at most this many. */
export const QUEUE_FINISHED_HOURS = 24;
export const QUEUE_FINISHED_LIMIT = 5;

/** How a finished item ended (the operation history's states but 'running'). */
export const FINISHED_QUEUE_STATES = ['done', 'cancelled', 'failed'] as const;

/** A finished queue item with its final counts: what the operation left, in the header's dropdown. */
export const FinishedQueueItem = QueueItem.extend({
  state: z.enum(FINISHED_QUEUE_STATES),
  finished: UnixSeconds,
});
export type FinishedQueueItem = z.infer<typeof FinishedQueueItem>;

export const QueueFinishedResult = z.object({ items: z.array(FinishedQueueItem) });
export type QueueFinishedResult = z.infer<typeof QueueFinishedResult>;

/** Reasons a user starts from the cards list or a group (report generation is started elsewhere). */
export const SIM_QUEUE_REASONS = [
  'queue_block',
  'queue_unblock',
  'queue_disconnect',
  'queue_reconnect',
  'queue_ping',
  'queue_sms',
  'queue_global_unblock',
  'queue_limit',
  'queue_get_limit',
  'queue_balance',
  'queue_tariff_package',
  'queue_package_reconnect',
  'queue_transfer',
  'queue_group',
  'queue_imei_lock',
  'queue_imei_unlock',
  /** Started by a file (/api/sims/edit/start), never by queue/create. */
  'queue_sim_edit',
] as const;
export type SimQueueReason = (typeof SIM_QUEUE_REASONS)[number];
/** What queue/create starts: every SIM operation but the bulk edit (its file starts it). */
export type CreatableQueueReason = Exclude<SimQueueReason, 'queue_sim_edit'>;

/**
 * A SIM's outcome when its block state leaves the operation nothing to do (or bars it, for an SMS):
 * known before the run, so the menu and the confirmation say it too.
 */
export const BLOCK_STATE_REASONS = ['already_blocked', 'already_unblocked', 'sim_blocked'] as const;
export type UnchangedReason = (typeof BLOCK_STATE_REASONS)[number];

/**
 * Every outcome that means the SIM was already as the operation asks: reported as what it is, never
 * as done, and not taken again by a retry of the operation.
 */
export const UNCHANGED_REASONS = [...BLOCK_STATE_REASONS, 'imei_already_locked', 'imei_not_locked', 'sim_unchanged'] as const;

/** Which SIMs an operation leaves as they are, by block state, and what their outcome says. */
export const UNCHANGED_RULES: Partial<Record<SimQueueReason, { when: 'blocked' | 'unblocked'; reason: UnchangedReason }>> = {
  queue_block: { when: 'blocked', reason: 'already_blocked' },
  queue_unblock: { when: 'unblocked', reason: 'already_unblocked' },
  queue_global_unblock: { when: 'unblocked', reason: 'already_unblocked' },
  queue_sms: { when: 'blocked', reason: 'sim_blocked' },
};

/** Who may start each operation, and which profile rule (PROFILE_RULES) its SIMs must pass. */
export const SIM_OPERATION_RULES: Record<SimQueueReason, { permission: Permission; profileRule?: ProfileRule }> = {
  queue_block: { permission: 'sims.operate' },
  queue_unblock: { permission: 'sims.operate' },
  // Root's Tools only (its own route, with a dry run and a filter that may not be empty).
  queue_global_unblock: { permission: 'tools.use' },
  queue_disconnect: { permission: 'sims.operate' },
  queue_reconnect: { permission: 'sims.operate' },
  queue_ping: { permission: 'sims.operate' },
  queue_sms: { permission: 'sims.operate' },
  queue_limit: { permission: 'sims.operate', profileRule: 'limit' },
  queue_get_limit: { permission: 'sims.operate', profileRule: 'limit' },
  queue_balance: { permission: 'sims.operate', profileRule: 'balance' },
  queue_tariff_package: { permission: 'sims.operate', profileRule: 'package' },
  queue_package_reconnect: { permission: 'sims.operate', profileRule: 'package' },
  queue_transfer: { permission: 'sims.transfer' },
  queue_group: { permission: 'groups.manage' },
  queue_imei_lock: { permission: 'sims.operate' },
  queue_imei_unlock: { permission: 'sims.operate' },
  queue_sim_edit: { permission: 'sims.operate' },
};

/** Profiles whose SIMs may take an operation. */
export function profilesAllowing(reason: SimQueueReason): SimProfile[] {
  const rule = SIM_OPERATION_RULES[reason].profileRule;
  return rule ? SIM_PROFILES.filter((profile) => PROFILE_RULES[profile][rule]) : [...SIM_PROFILES];
}

/** Which SIMs an operation acts on: chosen ids, everything matching a cards filter, or a group. */
export const SimSelection = z.union([
  z.strictObject({ ids: z.array(Id).min(1).max(10_000) }),
  z.strictObject({ filter: SimListFilter, childs: z.boolean().default(false) }),
  z.strictObject({ group: Id }),
]);
export type SimSelection = z.infer<typeof SimSelection>;

/** "+N" or "-N" EUR with up to two decimals (spec §5). */
export const BALANCE_CHANGE_PATTERN = /^[+-]\d{1,6}(\.\d{1,2})?$/;

export const QueueParams = z.strictObject({
  text: z.string().trim().min(1).max(SMS_MAX_LENGTH).optional(),
  limit_mb: z.number().int().min(0).max(1_000_000).optional(),
  /** How many times the limit renews; 0 means unlimited. */
  repeat: z.number().int().min(0).max(1000).optional(),
  amount: z.string().regex(BALANCE_CHANGE_PATTERN).optional(),
  package: z.string().trim().min(1).max(64).optional(),
  company_id: Id.optional(),
  group_id: Id.optional(),
  group_action: z.enum(['add', 'remove']).optional(),
  /** IMEI lock: the IMEI to lock to (15 digits); absent locks each SIM to the IMEI it last used. */
  imei: z.string().regex(IMEI_PATTERN).refine(imeiCheckDigitOk).optional(),
  /** IMEI lock: a session from another IMEI also blocks the SIM (it is always logged). */
  imei_block: z.boolean().optional(),
});
export type QueueParams = z.infer<typeof QueueParams>;

export const QueueCreateRequest = z.strictObject({
  // A bulk edit is started by its file, with a line per SIM (sim-edit.ts).
  reason: z.enum(SIM_QUEUE_REASONS).exclude(['queue_sim_edit']),
  selection: SimSelection,
  params: QueueParams.default({}),
});
export type QueueCreateRequest = z.input<typeof QueueCreateRequest>;

export const QueueCreateResult = z.object({
  qid: Id,
  count: z.number().int(),
  /** Selected SIMs left out because their profile does not allow the operation. */
  skipped: z.number().int(),
});
export type QueueCreateResult = z.infer<typeof QueueCreateResult>;

export const QueueCancelRequest = z.strictObject({ qid: Id });
export const QueueCancelResult = z.object({ cancelled: z.number().int() });

export const QueueResultsQuery = z.strictObject({ qid: z.coerce.number().int().positive(), lang: z.enum(LANGS).optional() });

/** Bulk operations on SIMs: start one, cancel it, download its results (CSV). */
export const QUEUE_API = {
  create: action('/api/queue/create', {
    body: QueueCreateRequest,
    result: QueueCreateResult,
    access: 'sims.operate',
    writable: true,
    // Each operation's own permission (a transfer needs 'sims.transfer', a group 'groups.manage').
    requires: (body) => SIM_OPERATION_RULES[body.reason].permission,
  }),
  cancel: action('/api/queue/cancel', { body: QueueCancelRequest, result: QueueCancelResult, access: 'sims.operate', writable: true }),
  results: file('/api/queue/results', { query: QueueResultsQuery, access: 'sims.read' }),
  /** The header's queue (spec §7: `GET /api/queue/list`, no payload, answered `{ result }`). */
  list: readByGet('/api/queue/list', { result: QueueListResult, access: 'signedIn' }),
  /** The last finished items, newest first: a separate call, so the spec's list keeps its shape. */
  finished: read('/api/queue/finished', { body: EmptyBody, result: QueueFinishedResult, access: 'signedIn' }),
} as const;
