import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

export interface QueueItemRow {
  id: number;
  company_id: number;
  user_id: number;
  reason: string;
  state: string;
  count: number;
  /** Units handled so far, as the item's writer counts them: SIMs with an outcome, or report rows written. */
  process: number;
  ok: number;
  unchanged: number;
  fail: number;
  params: Record<string, unknown>;
  created_at: Date;
  first_name: string;
  last_name: string;
  lang: string;
}

const ITEM_COLUMNS = sql`q.id::int as id, q.company_id::int as company_id, q.user_id::int as user_id, q.reason, q.state,
  q.count, q.process, q.ok, q.unchanged, q.fail, q.params, q.created_at, u.first_name, u.last_name, u.lang`;

export async function insertItem(
  db: Executor,
  item: { companyId: number; userId: number; reason: string; params: Record<string, unknown>; retryOf?: number | null },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(db, sql`
    insert into queue_items (company_id, user_id, reason, params, retry_of)
    values (${item.companyId}, ${item.userId}, ${item.reason}, ${JSON.stringify(item.params)}::jsonb, ${item.retryOf ?? null})
    returning id::int as id`);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('queue item insert returned nothing');
  return Number(id);
}

export async function setItemCount(db: Executor, companyId: number, id: number, count: number): Promise<void> {
  await db.execute(sql`update queue_items set count = ${count} where company_id = ${companyId} and id = ${id}`);
}

export async function findItem(db: Executor, companyId: number, id: number): Promise<QueueItemRow | undefined> {
  const rows = await queryRows<QueueItemRow>(db, sql`
    select ${ITEM_COLUMNS} from queue_items q join users u on u.id = q.user_id
    where q.company_id = ${companyId} and q.id = ${id}`);
  return rows[0];
}

/** The company's running items, newest first (queue_items_state_idx); at most 100, the header's dropdown. */
export async function listRunningItems(db: Executor, companyId: number): Promise<QueueItemRow[]> {
  return queryRows<QueueItemRow>(db, sql`
    select ${ITEM_COLUMNS} from queue_items q join users u on u.id = q.user_id
    where q.company_id = ${companyId} and q.state = 'running'
    order by q.id desc limit 100`);
}

/** How many of the company's newest items the finished list looks among (see listFinishedItems). */
const FINISHED_SCAN = 200;

/**
 * The company's items finished in the last `hours`, the last finished first, at most `limit`. They are
 * looked for among its newest FINISHED_SCAN items (the primary key read backwards), so the cost stays
 * flat however long the history is; an old item that finished late behind 200 newer ones is left out.
 */
export async function listFinishedItems(
  db: Executor,
  companyId: number,
  hours: number,
  limit: number,
): Promise<Array<QueueItemRow & { finished_at: Date }>> {
  return queryRows(db, sql`
    select * from (
      select ${ITEM_COLUMNS}, q.finished_at from queue_items q join users u on u.id = q.user_id
      where q.company_id = ${companyId} order by q.id desc limit ${FINISHED_SCAN}
    ) recent
    where state <> 'running' and finished_at > now() - make_interval(hours => ${hours})
    order by finished_at desc, id desc limit ${limit}`);
}

/** Adds a batch's outcomes to the item's counters in the same transaction that recorded them. */
export async function addProgress(db: Executor, companyId: number, id: number, counts: { ok: number; fail: number; unchanged: number }): Promise<void> {
  const { ok, fail, unchanged } = counts;
  await db.execute(sql`
    update queue_items set ok = ok + ${ok}, fail = fail + ${fail}, unchanged = unchanged + ${unchanged},
      process = ok + fail + unchanged + ${ok + fail + unchanged}
    where company_id = ${companyId} and id = ${id}`);
}

/**
 * Claims the right to announce progress: true at most once per interval per item, whichever
 * worker asks, so sockets get a steady trickle of queue_change instead of one per batch.
 */
export async function claimProgressSlot(db: Executor, companyId: number, id: number, intervalMs: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`
    update queue_items set progress_published_at = now()
    where company_id = ${companyId} and id = ${id} and state = 'running'
      and (progress_published_at is null or progress_published_at < now() - make_interval(secs => ${intervalMs / 1000}))
    returning id`);
  return rows.length > 0;
}

/** Moves a running item to a final state; true only for the one caller that did it. */
export async function finishItem(db: Executor, companyId: number, id: number, state: 'done' | 'cancelled'): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`
    update queue_items set state = ${state}, finished_at = now()
    where company_id = ${companyId} and id = ${id} and state = 'running'
    returning id`);
  return rows.length > 0;
}

/**
 * Running items with work left but no fresh claim: their worker died or their jobs were lost.
 * An item being worked on always has a claim younger than `staleSeconds`.
 */
export async function findStalledItems(db: Executor, staleSeconds: number): Promise<Array<{ company_id: number; id: number }>> {
  return queryRows(db, sql`
    select q.company_id::int as company_id, q.id::int as id from queue_items q
    where q.state = 'running'
      and exists (select 1 from queue_results r where r.company_id = q.company_id and r.queue_id = q.id
                  and r.status in ('pending', 'running'))
      and not exists (select 1 from queue_results r where r.company_id = q.company_id and r.queue_id = q.id
                  and r.status = 'running' and r.claimed_at > now() - make_interval(secs => ${staleSeconds}))
    limit 1000`);
}

export async function loadSimRefs(db: Executor, simIds: number[]) {
  return queryRows<{ id: number; company_id: number; iccid: string; msisdn: string; imsi: string | null; profile: string; block_type: string }>(
    db,
    sql`select id::int as id, company_id::int as company_id, iccid, msisdn, imsi, profile, block_type
        from sims where id = any(${`{${simIds.join(',')}}`}::bigint[])`,
  );
}

/** Whether a prepay company's balance is still out; a financial block stops once it is not. */
export async function hasBalanceProblem(db: Executor, companyId: number): Promise<boolean> {
  const rows = await queryRows<{ balance_problem: boolean }>(db, sql`select balance_problem from companies where id = ${companyId}`);
  return rows[0]?.balance_problem === true;
}
