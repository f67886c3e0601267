import { QUEUE_REASONS } from '@cab/contract/constants';
import {
  OPERATION_STATES,
  RESULT_STATUSES,
  type OperationDetail,
  type OperationListResult,
  type OperationResultsResult,
  type OperationSummary,
  type OperationsBySimResult,
  type ResultFilter,
  type ResultStatus,
} from '@cab/contract/operations';
import { SIM_OPERATION_RULES, SIM_QUEUE_REASONS } from '@cab/contract/queue';
import { SMS_DELIVERY_STATUSES } from '@cab/contract/sms-messages';
import type { z } from 'zod';
import type { OperationListRequest, OperationResultsRequest } from '@cab/contract/operations';
import { hasPermission, mayWrite, type Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import * as repo from './repository.js';
import { countStillFailed, familyRunning } from './retry-repository.js';

const toStatus = (value: string): ResultStatus => RESULT_STATUSES.find((s) => s === value) ?? 'pending';

function toSummary(row: repo.OperationRow): OperationSummary {
  return {
    qid: row.id,
    reason: QUEUE_REASONS.find((r) => r === row.reason) ?? 'queue_group',
    state: OPERATION_STATES.find((s) => s === row.state) ?? 'running',
    user: { id: row.user_id, first_name: row.first_name, last_name: row.last_name },
    added: row.added,
    finished: row.finished,
    duration: row.duration,
    count: row.count,
    ok: row.ok,
    unchanged: row.unchanged,
    fail: row.fail,
    retry_of: row.retry_of,
  };
}

/** Parameters as primitives only: what the page shows (SMS text, limit, package, amount, target). */
function plainParams(params: Record<string, unknown>): OperationDetail['params'] {
  const out: OperationDetail['params'] = {};
  for (const [key, value] of Object.entries(params).slice(0, 20)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) out[key] = value;
  }
  return out;
}

export async function listOperations(db: Db, principal: Principal, request: z.output<typeof OperationListRequest>): Promise<OperationListResult> {
  const { rows, total } = await repo.listOperations(
    db,
    principal.companyId,
    { reason: request.reason, state: request.state },
    request.size,
    request.page * request.size,
  );
  return { items: rows.map(toSummary), total };
}

/** An operation of the caller's company; any other answers 404 (ARCHITECTURE §5). */
async function requireOperation(db: Db, principal: Principal, qid: number): Promise<repo.OperationRow> {
  const row = await repo.findOperation(db, { companyId: principal.companyId, queueId: qid });
  if (!row) throw new AppError('not_found');
  return row;
}

/** Whether the principal may start this kind of operation again (the retry button). */
export function canRetry(principal: Principal, reason: string): boolean {
  const simReason = SIM_QUEUE_REASONS.find((r) => r === reason);
  if (!simReason) return false;
  return hasPermission(principal, SIM_OPERATION_RULES[simReason].permission) && mayWrite(principal);
}

export async function getOperation(db: Db, principal: Principal, qid: number): Promise<OperationDetail> {
  const row = await requireOperation(db, principal, qid);
  const ref = { companyId: principal.companyId, queueId: qid };
  const retryable = row.fail > 0 && canRetry(principal, row.reason);
  const [counts, reasons, running, left] = await Promise.all([
    repo.countByStatus(db, ref),
    repo.failReasons(db, ref),
    retryable ? familyRunning(db, ref) : true,
    retryable ? countStillFailed(db, ref) : 0,
  ]);
  const statuses = Object.fromEntries(RESULT_STATUSES.map((s) => [s, 0])) as Record<ResultStatus, number>;
  for (const c of counts) statuses[toStatus(c.status)] += Number(c.n);
  return {
    ...toSummary(row),
    params: plainParams(row.params),
    statuses,
    fail_reasons: reasons.map((r) => ({ reason: r.reason, count: Number(r.n) })),
    // False while any try of the family runs, and once every failed SIM has succeeded in a retry.
    can_retry: retryable && !running && left > 0,
    retry_count: left,
  };
}

export async function listOperationResults(
  db: Db,
  principal: Principal,
  request: z.output<typeof OperationResultsRequest>,
): Promise<OperationResultsResult> {
  const operation = await requireOperation(db, principal, request.qid);
  const { rows, total } = await repo.listResults(
    db,
    { companyId: principal.companyId, queueId: request.qid },
    request.filter,
    request.size,
    request.page * request.size,
    operation.reason === 'queue_sms',
  );
  return { items: rows.map(toResultRow), total };
}

export function toResultRow(row: repo.ResultRow) {
  const result = { sim_id: row.sim_id, iccid: row.iccid ?? '', msisdn: row.msisdn ?? '', status: toStatus(row.status), reason: row.reason, done: row.done };
  if (row.delivery === undefined) return result;
  return { ...result, delivery: SMS_DELIVERY_STATUSES.find((s) => s === row.delivery) ?? null };
}

/** The operation's results to download, and whether they carry SMS delivery statuses. */
export async function resultsForCsv(db: Db, principal: Principal, qid: number): Promise<{ ref: { companyId: number; queueId: number }; withDelivery: boolean }> {
  const operation = await requireOperation(db, principal, qid);
  return { ref: { companyId: principal.companyId, queueId: qid }, withDelivery: operation.reason === 'queue_sms' };
}

export type { ResultFilter };

/** Operations that touched a SIM the caller can see; a SIM outside its companies answers 404. */
export async function listSimOperations(
  db: Db,
  principal: Principal,
  request: { id: number; page: number; size: number },
): Promise<OperationsBySimResult> {
  const scope = await resolveCompanyScope(db, principal, undefined, true);
  if (!(await repo.simInScope(db, request.id, scope))) throw new AppError('not_found');
  const { rows, total } = await repo.listSimOperations(db, principal.companyId, request.id, request.size, request.page * request.size);
  return {
    items: rows.map((row) => ({
      qid: row.id,
      reason: QUEUE_REASONS.find((r) => r === row.reason) ?? 'queue_group',
      state: OPERATION_STATES.find((s) => s === row.state) ?? 'running',
      user: { id: row.user_id, first_name: row.first_name, last_name: row.last_name },
      added: row.added,
      status: toStatus(row.status),
      result_reason: row.result_reason,
    })),
    total,
  };
}
