import type { AuditAction } from '@cab/contract/company-audit';
import { profilesAllowing, type QueueCreateResult, type SimQueueReason, type SimSelection } from '@cab/contract/queue';
import type { z } from 'zod';
import type { QueueCreateRequest } from '@cab/contract/queue';
import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { hasPermission, type Principal } from '../../../auth/principal.js';
import { queryRows, type Db, type Tx } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { JOB_QUEUES } from '../../../job-queues.js';
import type { OperationParams } from '../../../network/adapter.js';
import type { EventBus } from '../../../realtime/bus.js';
import { auditActor, insertAudit } from '../audit/index.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { resolveSimCriteria, simWhere } from '../../sims/list/index.js';
import * as items from './item-repository.js';
import { lockCompanyQueue, runningLoad } from './limits-repository.js';
import { OPERATIONS } from './operations.js';
import { itemToQueueItem } from './progress.js';
import * as results from './results-repository.js';

type ParsedCreate = z.output<typeof QueueCreateRequest>;

/** Items this big change queue_results enough that the planner must learn of it at once. */
const LARGE_ITEM = 10_000;

export interface QueueDeps {
  db: Db;
  bus: EventBus;
  jobs: PgBoss;
  batchSize: number;
  maxParallelJobs: number;
  /** Per company: running operations, and SIMs not yet done summed over them. */
  limits: { maxRunning: number; maxSimsInFlight: number };
  /**
   * The generic cancel (/api/queue/cancel) ended a report generation's item: generated-reports moves
   * its row along. Passed in, as generated-reports builds on the queue.
   */
  generationItemCancelled: (db: Db, companyId: number, qid: number) => Promise<void>;
}

/** The SQL that selects the operation's SIMs, within what the principal may touch. */
export async function selectionWhere(db: Db, principal: Principal, selection: SimSelection): Promise<SQL> {
  if ('filter' in selection) {
    return simWhere(await resolveSimCriteria(db, principal, { filter: selection.filter, childs: selection.childs, page: 0, size: 1 }));
  }
  const scope = await resolveCompanyScope(db, principal, undefined, true);
  const base = simWhere({ scope, filter: { blocked: 0 }, csv: null });
  if ('ids' in selection) {
    const where = sql`${base} and s.id = any(${`{${selection.ids.join(',')}}`}::bigint[])`;
    // Ids outside the principal's companies answer 404, as if they did not exist.
    if ((await results.countSims(db, where)) !== new Set(selection.ids).size) throw new AppError('not_found');
    return where;
  }
  await requireOwnGroup(db, principal, selection.group);
  return sql`${base} and exists (select 1 from sim_group_members m where m.group_id = ${selection.group} and m.sim_id = s.id)`;
}

async function requireOwnGroup(db: Db, principal: Principal, groupId: number): Promise<void> {
  const rows = await queryRows<{ id: number }>(db, sql`
    select id from sim_groups where id = ${groupId} and company_id = ${principal.companyId}`);
  if (rows.length === 0 && !hasPermission(principal, 'companies.all')) throw new AppError('not_found');
}

/** Transfers go to the parent company (root may move SIMs anywhere). */
async function requireTransferTarget(db: Db, principal: Principal, targetId: number): Promise<void> {
  const rows = await queryRows<{ ok: boolean }>(db, sql`
    select (${hasPermission(principal, 'companies.all')} or c.id = (select parent_id from companies where id = ${principal.companyId})) as ok
    from companies c where c.id = ${targetId} and c.deleted_at is null`);
  if (!rows[0]?.ok) throw new AppError('transfer_target_invalid');
}

function queueLimitReached(deps: QueueDeps): AppError {
  return new AppError('queue_limit_reached', undefined, { running: deps.limits.maxRunning, sims: deps.limits.maxSimsInFlight });
}

/** Starts a bulk operation: one queue item, one result row per eligible SIM, jobs for the workers. */
export async function createQueueItem(deps: QueueDeps, principal: Principal, request: ParsedCreate): Promise<QueueCreateResult> {
  const spec = OPERATIONS[request.reason];
  // The reason's own permission was checked by the gate (QUEUE_API.create.requires).
  // Its own route on Tools gives it a dry run and refuses an empty filter (never every SIM by accident).
  if (request.reason === 'queue_global_unblock') throw new AppError('global_unblock_on_tools');
  const params = spec.params(request.params);
  const where = await selectionWhereChecked(deps, principal, params, request.selection);
  return startQueueItem(deps, principal, { reason: request.reason, params, where, retryOf: null });
}

async function selectionWhereChecked(deps: QueueDeps, principal: Principal, params: OperationParams, selection: SimSelection): Promise<SQL> {
  await checkTargets(deps, principal, params);
  return selectionWhere(deps.db, principal, selection);
}

/** The transfer target and the group an operation names must be the principal's to use. */
export async function checkTargets(deps: { db: Db }, principal: Principal, params: OperationParams): Promise<void> {
  if (params.targetCompanyId !== undefined) await requireTransferTarget(deps.db, principal, params.targetCompanyId);
  if (params.groupId !== undefined) await requireOwnGroup(deps.db, principal, params.groupId);
}

export interface QueueStart {
  reason: SimQueueReason;
  params: OperationParams;
  /** The selected SIMs, over `sims s`, already within what the principal may touch. */
  where: SQL;
  /** Called in the transaction with the SIMs that got a result row; throwing rolls everything back. */
  check?: (count: number) => void;
  /** An extra audit row of the same transaction (e.g. root's global unblock with its filter). */
  audit?: { action: AuditAction; details: Record<string, unknown> };
  /** The operation this one retries over its failed SIMs. */
  retryOf?: number | null;
  /**
   * Runs in the transaction once the company's queue lock is held, before anything is written:
   * a check that parallel creations must not both pass (throwing refuses this one).
   */
  guard?: (tx: Tx) => Promise<void>;
  /** Runs in the transaction once the item and its result rows are written (a bulk edit's lines). */
  withItem?: (tx: Tx, queueId: number) => Promise<void>;
}

/** The item, its result rows and its audit row in one transaction; then the jobs and queue_add. */
export async function startQueueItem(deps: QueueDeps, principal: Principal, start: QueueStart): Promise<QueueCreateResult> {
  const { reason, params, where } = start;
  const eligible = sql`s.profile in ${profilesAllowing(reason)}`;
  const { queueId, count, skipped } = await deps.db.transaction(async (tx) => {
    await lockCompanyQueue(tx, principal.companyId);
    await start.guard?.(tx);
    const load = await runningLoad(tx, principal.companyId);
    if (load.running >= deps.limits.maxRunning) throw queueLimitReached(deps);
    const id = await items.insertItem(tx, {
      companyId: principal.companyId,
      userId: principal.userId,
      reason,
      params: { ...params },
      retryOf: start.retryOf ?? null,
    });
    const n = await results.insertPendingResults(tx, { companyId: principal.companyId, queueId: id }, where, eligible);
    if (n === 0) {
      const matching = await results.countSims(tx, where);
      throw new AppError(matching === 0 ? 'nothing_selected' : 'profile_not_allowed');
    }
    // One operation alone may be bigger than the limit (a company blocking all its SIMs), but it
    // does not start beside others. Throwing rolls the rows just inserted back.
    if (load.sims > 0 && load.sims + n > deps.limits.maxSimsInFlight) throw queueLimitReached(deps);
    start.check?.(n);
    await start.withItem?.(tx, id);
    await items.setItemCount(tx, principal.companyId, id, n);
    const notEligible = (await results.countSims(tx, where)) - n;
    await insertAudit(tx, {
      ...auditActor(principal),
      action: 'queue_create',
      details: { qid: id, reason, count: n, skipped: notEligible, ...(start.retryOf ? { retry_of: start.retryOf } : {}) },
    });
    if (start.audit) await insertAudit(tx, { ...auditActor(principal), action: start.audit.action, details: { qid: id, ...start.audit.details } });
    return { queueId: id, count: n, skipped: notEligible };
  });
  if (count >= LARGE_ITEM) await results.analyzeResults(deps.db);

  const jobCount = Math.min(Math.ceil(count / deps.batchSize), deps.maxParallelJobs);
  const data = { companyId: principal.companyId, queueId };
  await deps.jobs.insert(Array.from({ length: jobCount }, () => ({ name: JOB_QUEUES.queueBatch, data })));
  const row = await items.findItem(deps.db, principal.companyId, queueId);
  if (row) await deps.bus.publish({ companyId: principal.companyId }, { type: 'queue_add', data: itemToQueueItem(row) });
  return { qid: queueId, count, skipped: Math.max(0, skipped) };
}

/** Cancels what has not started; SIMs already sent to the network finish normally. */
export async function cancelQueueItem(deps: QueueDeps, principal: Principal, qid: number): Promise<number> {
  const ref = { companyId: principal.companyId, queueId: qid };
  const item = await items.findItem(deps.db, ref.companyId, qid);
  if (!item) throw new AppError('not_found');
  if (!(await items.finishItem(deps.db, ref.companyId, qid, 'cancelled'))) throw new AppError('conflict');
  const cancelled = await results.cancelPending(deps.db, ref);
  if (item.reason === 'queue_report_generate') await deps.generationItemCancelled(deps.db, ref.companyId, qid);
  const row = await items.findItem(deps.db, ref.companyId, qid);
  if (row) await deps.bus.publish({ companyId: ref.companyId }, { type: 'queue_change', data: itemToQueueItem(row) });
  await deps.bus.publish({ companyId: ref.companyId }, { type: 'queue_del', data: { qid } });
  return cancelled;
}
