import type { QueueCreateResult } from '@cab/contract/queue';
import { SIM_OPERATION_RULES, SIM_QUEUE_REASONS } from '@cab/contract/queue';
import { sql } from 'drizzle-orm';
import { hasPermission, type Principal } from '../../../auth/principal.js';
import type { Tx } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { OperationParams } from '../../../network/adapter.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { simWhere } from '../../sims/list/index.js';
import { checkTargets, type QueueDeps, startQueueItem } from '../queue/index.js';
import * as repo from './repository.js';
import { familyRunning, stillFailedSims } from './retry-repository.js';

/**
 * "Retry failed": a new operation of the same kind and parameters over the SIMs that failed in `qid`
 * and have not succeeded since in a retry (those still within the caller's companies), remembering
 * which operation it retries. One try of a family at a time: the check runs under the company's
 * queue lock, so of parallel retries exactly one starts and the others answer `retry_running`.
 */
export async function retryFailed(deps: QueueDeps, principal: Principal, qid: number): Promise<QueueCreateResult> {
  const ref = { companyId: principal.companyId, queueId: qid };
  const item = await repo.findOperation(deps.db, ref);
  if (!item) throw new AppError('not_found');
  const reason = SIM_QUEUE_REASONS.find((r) => r === item.reason);
  // Report generation and other non-SIM items have nothing to retry here; a bulk edit's lines are its
  // file's (a SIM it refused needs a corrected line, not the same one again).
  if (!reason || reason === 'queue_sim_edit') throw new AppError('nothing_to_retry');
  // The operation's own permission, as the gate asks it of a new one (QUEUE_API.create.requires): its
  // reason is read from the database here (the gate checked 'sims.operate' and refused a blocked company).
  if (!hasPermission(principal, SIM_OPERATION_RULES[reason].permission)) throw new AppError('forbidden');
  if (item.fail === 0) throw new AppError('nothing_to_retry');
  const params = item.params as OperationParams;
  await checkTargets(deps, principal, params);
  const scope = await resolveCompanyScope(deps.db, principal, undefined, true);
  // Read inside the transaction, after the lock: it sees every retry committed before this one.
  const where = sql`${simWhere({ scope, filter: { blocked: 0 }, csv: null })} and s.id in ${stillFailedSims(ref)}`;
  const guard = async (tx: Tx) => {
    if (await familyRunning(tx, ref)) throw new AppError('retry_running');
  };
  try {
    return await startQueueItem(deps, principal, { reason, params, where, retryOf: qid, guard });
  } catch (error) {
    if (error instanceof AppError && error.code === 'nothing_selected') throw new AppError('nothing_to_retry');
    throw error;
  }
}
