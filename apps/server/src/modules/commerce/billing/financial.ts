import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/client.js';
import { JOB_QUEUES } from '../../../job-queues.js';
import type { EventBus } from '../../../realtime/bus.js';
import { insertAudit } from '../../platform/audit/index.js';
import { countSims, findItem, insertItem, insertPendingResults, itemToQueueItem, setItemCount } from '../../platform/queue/index.js';
import * as repo from './repository.js';

export interface FinancialDeps {
  db: Db;
  bus: EventBus;
  jobs: PgBoss;
  /** Hours a prepay company may stay at or below zero before its SIMs are blocked (BILLING_GRACE_HOURS). */
  graceHours: number;
}

export type FinancialAction = 'blocked' | 'unblocked' | 'none';

/**
 * Brings a company's SIMs in line with its balance (ARCHITECTURE §7). A prepay company at or below
 * zero past the grace period gets its unblocked SIMs blocked with block type financial; a company
 * whose balance is positive again gets exactly its financially blocked SIMs unblocked. Both go
 * through the operation queue like any bulk operation (network, results, progress, notification).
 * Safe to call any number of times: a running financial item of the same direction is not repeated.
 * Called by the billing engine on every run, after root's positive adjustment, and after a bill is paid.
 */
export async function reconcileFinancialBlocks(deps: FinancialDeps, companyId: number): Promise<FinancialAction> {
  const state = await repo.findFinancialState(deps.db, companyId, deps.graceHours);
  if (!state || state.billing_type !== 1) return 'none';
  if (state.balance_problem && state.grace_over) {
    const started = await startFinancialItem(deps, companyId, 'queue_block', sql`s.block_type = 'none'`);
    return started ? 'blocked' : 'none';
  }
  if (state.balance_cents > 0) {
    const started = await startFinancialItem(deps, companyId, 'queue_unblock', sql`s.block_type = 'financial'`);
    return started ? 'unblocked' : 'none';
  }
  return 'none';
}

async function startFinancialItem(
  deps: FinancialDeps,
  companyId: number,
  reason: 'queue_block' | 'queue_unblock',
  which: SQL,
): Promise<boolean> {
  if (await repo.hasOpenFinancialItem(deps.db, companyId, reason)) return false;
  const userId = await repo.findQueueActor(deps.db, companyId);
  if (userId === undefined) return false;
  const where = sql`s.company_id = ${companyId} and ${which}`;
  const queueId = await deps.db.transaction(async (tx) => {
    // Nothing to change: no item at all, rather than an empty one in the user's queue.
    if ((await countSims(tx, where)) === 0) return undefined;
    const id = await insertItem(tx, { companyId, userId, reason, params: { blockType: 'financial' } });
    const count = await insertPendingResults(tx, { companyId, queueId: id }, where, sql`true`);
    await setItemCount(tx, companyId, id, count);
    await insertAudit(tx, {
      companyId,
      userId: null,
      action: reason === 'queue_block' ? 'financial_block' : 'financial_unblock',
      details: { qid: id },
    });
    return id;
  });
  if (queueId === undefined) return false;
  await deps.jobs.insert([{ name: JOB_QUEUES.queueBatch, data: { companyId, queueId } }]);
  const row = await findItem(deps.db, companyId, queueId);
  if (row) await deps.bus.publish({ companyId }, { type: 'queue_add', data: itemToQueueItem(row) });
  return true;
}
