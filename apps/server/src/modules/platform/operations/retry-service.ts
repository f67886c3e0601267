import type { QueueCreateResult } from '@cab/contract/queue';
import { SIM_OPERATION_RULES, SIM_QUEUE_REASONS } from '@cab/contract/queue';
import { sql } from 'drizzle-orm';
import { requirePermission, requireWritable, type Principal } from '../../../auth/principal.js';
import { AppError } from '../../../http/errors.js';
import type { OperationParams } from '../../../network/adapter.js';
import { resolveCompanyScope } from '../../accounts/companies/scope.js';
import { simWhere } from '../../sims/cards/list-query.js';
import { checkTargets, startQueueItem, type QueueDeps } from '../queue/create-service.js';
import * as repo from './repository.js';

/**
 * "Retry failed": a new operation of the same kind and parameters over exactly the SIMs that failed
 * in `qid` (those still within the caller's companies), remembering which operation it retries.
 */
export async function retryFailed(deps: QueueDeps, principal: Principal, qid: number): Promise<QueueCreateResult> {
  requirePermission(principal, 'sims.read');
  const ref = { companyId: principal.companyId, queueId: qid };
  const item = await repo.findOperation(deps.db, ref);
  if (!item) throw new AppError('not_found');
  const reason = SIM_QUEUE_REASONS.find((r) => r === item.reason);
  // Report generation and other non-SIM items have nothing to retry here.
  if (!reason) throw new AppError('nothing_to_retry');
  requirePermission(principal, SIM_OPERATION_RULES[reason].permission);
  requireWritable(principal);
  if (item.state === 'running') throw new AppError('conflict');
  if (item.fail === 0) throw new AppError('nothing_to_retry');
  const params = item.params as OperationParams;
  await checkTargets(deps, principal, params);
  const scope = await resolveCompanyScope(deps.db, principal, undefined, true);
  const where = sql`${simWhere({ scope, filter: { blocked: 0 }, csv: null })} and s.id in (
    select r.sim_id from queue_results r
    where r.company_id = ${ref.companyId} and r.queue_id = ${ref.queueId} and r.status = 'fail')`;
  try {
    return await startQueueItem(deps, principal, { reason, params, where, retryOf: qid });
  } catch (error) {
    if (error instanceof AppError && error.code === 'nothing_selected') throw new AppError('nothing_to_retry');
    throw error;
  }
}
