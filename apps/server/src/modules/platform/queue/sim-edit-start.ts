import { sql } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.js';
import { insertLines, type SimEditPlan } from '../../sims/edit/index.js';
import { startQueueItem, type QueueDeps } from './create-service.js';

/**
 * The queue item of a checked bulk edit file: a result row per SIM a pending line names, and every
 * line of the file (its result so far) in the same transaction.
 */
export function startSimEditItem(deps: QueueDeps, principal: Principal, plan: SimEditPlan): Promise<{ qid: number; count: number }> {
  return startQueueItem(deps, principal, {
    reason: 'queue_sim_edit',
    params: {},
    where: sql`s.id = any(${`{${plan.simIds.join(',')}}`}::bigint[])`,
    withItem: (tx, queueId) => insertLines(tx, { companyId: principal.companyId, queueId }, plan.lines),
  });
}
