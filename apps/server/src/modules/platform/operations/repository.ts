import type { ResultFilter } from '@cab/contract/operations';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { resultsWhere } from '../queue/index.js';

type Ref = { companyId: number; queueId: number };

export interface OperationRow {
  id: number;
  reason: string;
  state: string;
  user_id: number;
  first_name: string;
  last_name: string;
  added: number;
  finished: number | null;
  duration: number;
  count: number;
  ok: number;
  unchanged: number;
  fail: number;
  retry_of: number | null;
  params: Record<string, unknown>;
}

const OPERATION_COLUMNS = sql`q.id::int as id, q.reason, q.state, q.user_id::int as user_id, u.first_name, u.last_name,
  extract(epoch from q.created_at)::int as added,
  extract(epoch from q.finished_at)::int as finished,
  greatest(0, extract(epoch from coalesce(q.finished_at, now()) - q.created_at))::int as duration,
  q.count, q.ok, q.unchanged, q.fail, q.retry_of::int as retry_of, q.params`;

/** The company's operations, newest first (the primary key serves the order). */
export async function listOperations(
  db: Executor,
  companyId: number,
  filter: { reason?: string; state?: string },
  limit: number,
  offset: number,
): Promise<{ rows: OperationRow[]; total: number }> {
  const where = operationWhere(companyId, filter);
  const [rows, counted] = await Promise.all([
    queryRows<OperationRow>(db, sql`
      select ${OPERATION_COLUMNS} from queue_items q join users u on u.id = q.user_id
      where ${where} order by q.id desc limit ${limit} offset ${offset}`),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from queue_items q where ${where}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

function operationWhere(companyId: number, filter: { reason?: string; state?: string }): SQL {
  const parts = [sql`q.company_id = ${companyId}`];
  if (filter.reason) parts.push(sql`q.reason = ${filter.reason}`);
  if (filter.state) parts.push(sql`q.state = ${filter.state}`);
  return sql.join(parts, sql` and `);
}

export async function findOperation(db: Executor, ref: Ref): Promise<OperationRow | undefined> {
  const rows = await queryRows<OperationRow>(db, sql`
    select ${OPERATION_COLUMNS} from queue_items q join users u on u.id = q.user_id
    where q.company_id = ${ref.companyId} and q.id = ${ref.queueId}`);
  return rows[0];
}

export async function countByStatus(db: Executor, ref: Ref): Promise<Array<{ status: string; n: number }>> {
  return queryRows(db, sql`
    select status, count(*)::int as n from queue_results
    where company_id = ${ref.companyId} and queue_id = ${ref.queueId} group by status`);
}

/** Why SIMs failed or were left unchanged, most frequent first (bounded: reasons are a short vocabulary). */
export async function failReasons(db: Executor, ref: Ref): Promise<Array<{ reason: string; n: number }>> {
  return queryRows(db, sql`
    select coalesce(reason, '') as reason, count(*)::int as n from queue_results
    where company_id = ${ref.companyId} and queue_id = ${ref.queueId} and status in ('fail', 'unchanged')
    group by 1 order by 2 desc, 1 limit 50`);
}

export interface ResultRow {
  sim_id: number;
  iccid: string;
  msisdn: string;
  status: string;
  reason: string | null;
  done: number | null;
  /** SMS operations: the message's status at the SMSC (sms_messages), null when it never got there. */
  delivery?: string | null;
}

const RESULT_COLUMNS = sql`r.sim_id::int as sim_id, s.iccid, s.msisdn, r.status, r.reason, extract(epoch from r.done_at)::int as done`;

/** An SMS operation's message per SIM (sms_messages_queue_uq), joined only for SMS operations. */
const DELIVERY_JOIN = sql`left join sms_messages m on m.company_id = s.company_id and m.queue_id = r.queue_id and m.sim_id = r.sim_id`;

/** A page of an operation's per-SIM results, in SIM order; withDelivery adds each SMS's delivery status. */
export async function listResults(
  db: Executor,
  ref: Ref,
  filter: ResultFilter,
  limit: number,
  offset: number,
  withDelivery = false,
): Promise<{ rows: ResultRow[]; total: number }> {
  const where = resultsWhere(ref, filter);
  const delivery = withDelivery ? { columns: sql`, m.status as delivery`, join: DELIVERY_JOIN } : { columns: sql``, join: sql`` };
  const [rows, counted] = await Promise.all([
    queryRows<ResultRow>(db, sql`
      select ${RESULT_COLUMNS}${delivery.columns} from queue_results r left join sims s on s.id = r.sim_id ${delivery.join}
      where ${where} order by r.sim_id limit ${limit} offset ${offset}`),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from queue_results r where ${where}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

export interface SimOperationDbRow {
  id: number;
  reason: string;
  state: string;
  user_id: number;
  first_name: string;
  last_name: string;
  added: number;
  status: string;
  result_reason: string | null;
}

/** Operations of the company that touched one SIM, newest first (queue_results_sim_idx). */
export async function listSimOperations(
  db: Executor,
  companyId: number,
  simId: number,
  limit: number,
  offset: number,
): Promise<{ rows: SimOperationDbRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    queryRows<SimOperationDbRow>(db, sql`
      select q.id::int as id, q.reason, q.state, q.user_id::int as user_id, u.first_name, u.last_name,
        extract(epoch from q.created_at)::int as added, r.status, r.reason as result_reason
      from queue_results r
      join queue_items q on q.company_id = r.company_id and q.id = r.queue_id
      join users u on u.id = q.user_id
      where r.company_id = ${companyId} and r.sim_id = ${simId}
      order by r.queue_id desc limit ${limit} offset ${offset}`),
    queryRows<{ n: number }>(db, sql`
      select count(*)::int as n from queue_results r where r.company_id = ${companyId} and r.sim_id = ${simId}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/**
 * Forgets finished operations older than the retention period, results first. Bounded per call so a
 * backlog is worked off over several housekeeping runs without one long transaction.
 */
export async function purgeOldOperations(db: Executor, olderThan: Date, maxItems: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`
    with old as (
      select company_id, id from queue_items
      where state <> 'running' and created_at < ${olderThan.toISOString()}::timestamptz
      order by created_at limit ${maxItems}),
    results as (
      delete from queue_results r using old where r.company_id = old.company_id and r.queue_id = old.id),
    items as (
      delete from queue_items q using old where q.company_id = old.company_id and q.id = old.id returning 1)
    select count(*)::int as n from items`);
  return Number(rows[0]?.n ?? 0);
}

/** Whether a SIM exists within the company scope (null: every company, root). */
export async function simInScope(db: Executor, simId: number, scope: number[] | null): Promise<boolean> {
  const inScope = scope === null ? sql`true` : scope.length === 0 ? sql`false` : sql`company_id in ${scope}`;
  const rows = await queryRows<{ id: number }>(db, sql`select id::int as id from sims where id = ${simId} and ${inScope}`);
  return rows.length > 0;
}

/** How many SIMs a selection holds, and how many of them have a profile the operation takes (null: any). */
export async function countSelection(
  db: Executor,
  where: SQL,
  profiles: readonly string[] | null,
  unchangedWhen: 'blocked' | 'unblocked' | null,
): Promise<{ count: number; eligible: number; unchanged: number } | undefined> {
  const eligible = profiles ? sql`s.profile in ${profiles}` : sql`true`;
  const unchanged = unchangedWhen === null ? sql`false` : unchangedWhen === 'blocked' ? sql`s.block_type <> 'none'` : sql`s.block_type = 'none'`;
  const [row] = await queryRows<{ count: number; eligible: number; unchanged: number }>(db, sql`
    select count(*)::int as count, count(*) filter (where ${eligible})::int as eligible,
      count(*) filter (where ${eligible} and ${unchanged})::int as unchanged
    from sims s where ${where}`);
  return row;
}

/** The first SIMs of a selection by ICCID. */
export async function firstSims(
  db: Executor,
  where: SQL,
  limit: number,
): Promise<Array<{ id: number; iccid: string; msisdn: string; name: string | null }>> {
  return queryRows<{ id: number; iccid: string; msisdn: string; name: string | null }>(db, sql`
    select s.id::int as id, s.iccid, s.msisdn, s.name from sims s where ${where} order by s.iccid limit ${limit}`);
}
