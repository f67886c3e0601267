import type { ResultFilter } from '@cab/contract/operations';
import { UNCHANGED_REASONS } from '@cab/contract/queue';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

const UNCHANGED: ReadonlySet<string> = new Set(UNCHANGED_REASONS);

/** Puts one pending result row per eligible selected SIM; returns how many. */
export async function insertPendingResults(
  db: Executor,
  item: { companyId: number; queueId: number },
  where: SQL,
  eligible: SQL,
): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`
    with inserted as (
      insert into queue_results (company_id, queue_id, sim_id)
      select ${item.companyId}, ${item.queueId}, s.id from sims s where ${where} and ${eligible}
      on conflict do nothing
      returning 1)
    select count(*)::int as n from inserted`);
  return Number(rows[0]?.n ?? 0);
}

/** Fresh statistics after a large insert, so the worker's queries are planned for the real size. */
export async function analyzeResults(db: Executor): Promise<void> {
  await db.execute(sql`analyze queue_results`);
}

export async function countSims(db: Executor, where: SQL): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sims s where ${where}`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Claims up to `limit` SIMs of an item for this worker: pending ones, and ones whose claim went
 * stale (the worker holding them died). SKIP LOCKED lets many workers claim side by side.
 */
export async function claimBatch(
  db: Executor,
  item: { companyId: number; queueId: number },
  limit: number,
  staleSeconds: number,
): Promise<number[]> {
  // The ids are picked once (an array, not a join), so a stale row estimate can never turn the
  // claim into a nested loop over the whole item.
  const rows = await queryRows<{ sim_id: number }>(db, sql`
    update queue_results r set status = 'running', claimed_at = now()
    where r.company_id = ${item.companyId} and r.queue_id = ${item.queueId}
      and r.sim_id = any(array(
        select sim_id from queue_results
        where company_id = ${item.companyId} and queue_id = ${item.queueId} and status in ('pending', 'running')
          and (status = 'pending' or claimed_at < now() - make_interval(secs => ${staleSeconds}))
        limit ${limit}
        for update skip locked))
    returning r.sim_id::int as sim_id`);
  return rows.map((r) => Number(r.sim_id));
}

/**
 * Hands claimed SIMs back to pending after their batch was interrupted. Only rows still 'running'
 * change: outcomes already recorded stay, and the network applies each (item, SIM) once anyway.
 */
export async function releaseClaims(db: Executor, item: { companyId: number; queueId: number }, simIds: number[]): Promise<void> {
  if (simIds.length === 0) return;
  await db.execute(sql`
    update queue_results set status = 'pending', claimed_at = null
    where company_id = ${item.companyId} and queue_id = ${item.queueId} and status = 'running'
      and sim_id = any(${`{${simIds.join(',')}}`}::bigint[])`);
}

export interface SimOutcomeRow {
  simId: number;
  ok: boolean;
  reason: string | null;
}

/**
 * Writes final outcomes of claimed SIMs. Only rows still 'running' change, so a SIM finished by
 * another worker is never counted (or given its effect) twice; returns what actually changed.
 */
export async function recordOutcomes(
  db: Executor,
  item: { companyId: number; queueId: number },
  outcomes: SimOutcomeRow[],
): Promise<{ okIds: number[]; fail: number; unchanged: number }> {
  if (outcomes.length === 0) return { okIds: [], fail: 0, unchanged: 0 };
  // A SIM already as asked ("already blocked") is neither done nor failed: its own status says so.
  const json = JSON.stringify(
    outcomes.map((o) => ({ sim_id: o.simId, status: o.ok ? 'ok' : UNCHANGED.has(o.reason ?? '') ? 'unchanged' : 'fail', reason: o.reason })),
  );
  const rows = await queryRows<{ ok_ids: number[] | null; fail: number; unchanged: number }>(db, sql`
    with outcome as (
      select * from jsonb_to_recordset(${json}::jsonb) as o(sim_id bigint, status text, reason text)),
    changed as (
      update queue_results r
      set status = o.status, reason = o.reason, done_at = now()
      from outcome o
      where r.company_id = ${item.companyId} and r.queue_id = ${item.queueId}
        and r.sim_id = any(${`{${outcomes.map((o) => o.simId).join(',')}}`}::bigint[])
        and r.sim_id = o.sim_id and r.status = 'running'
      returning o.sim_id, o.status)
    select coalesce(array_agg(sim_id::int) filter (where status = 'ok'), '{}') as ok_ids,
           count(*) filter (where status = 'fail')::int as fail, count(*) filter (where status = 'unchanged')::int as unchanged
    from changed`);
  return { okIds: (rows[0]?.ok_ids ?? []).map(Number), fail: Number(rows[0]?.fail ?? 0), unchanged: Number(rows[0]?.unchanged ?? 0) };
}

export async function hasOpenResults(db: Executor, item: { companyId: number; queueId: number }): Promise<boolean> {
  const rows = await queryRows<{ open: boolean }>(db, sql`
    select exists (select 1 from queue_results
      where company_id = ${item.companyId} and queue_id = ${item.queueId} and status in ('pending', 'running')) as open`);
  return Boolean(rows[0]?.open);
}

export async function cancelPending(db: Executor, item: { companyId: number; queueId: number }): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`
    with cancelled as (
      update queue_results set status = 'cancelled', done_at = now()
      where company_id = ${item.companyId} and queue_id = ${item.queueId} and status = 'pending'
      returning 1)
    select count(*)::int as n from cancelled`);
  return Number(rows[0]?.n ?? 0);
}

/** Which of an item's results a view or a download asks for: one outcome, one failure reason, or all. */
export function resultsWhere(item: { companyId: number; queueId: number }, filter: ResultFilter): SQL {
  const parts = [sql`r.company_id = ${item.companyId}`, sql`r.queue_id = ${item.queueId}`];
  if (filter.status) parts.push(sql`r.status = ${filter.status}`);
  if (filter.reason) parts.push(sql`r.reason = ${filter.reason}`);
  return sql.join(parts, sql` and `);
}

export interface ResultCsvRow {
  sim_id: number;
  iccid: string | null;
  msisdn: string | null;
  status: string;
  reason: string | null;
  /** withDelivery: the SMS's status at the SMSC (sms_messages), null when it never got there. */
  delivery?: string | null;
}

/**
 * A keyset page of an item's results in SIM order, for the CSV downloads. The SIM is a left join: a
 * result is listed (with empty ICCID and number) even if its SIM row is gone, as the counts include it.
 * withDelivery (SMS operations) adds each message's delivery status.
 */
export async function listResultsPage(
  db: Executor,
  item: { companyId: number; queueId: number },
  filter: ResultFilter,
  afterSimId: number,
  limit: number,
  withDelivery = false,
): Promise<ResultCsvRow[]> {
  const delivery = withDelivery
    ? sql`, m.status as delivery from queue_results r left join sims s on s.id = r.sim_id
        left join sms_messages m on m.company_id = s.company_id and m.queue_id = r.queue_id and m.sim_id = r.sim_id`
    : sql` from queue_results r left join sims s on s.id = r.sim_id`;
  return queryRows(db, sql`
    select r.sim_id::int as sim_id, s.iccid, s.msisdn, r.status, r.reason${delivery}
    where ${resultsWhere(item, filter)} and r.sim_id > ${afterSimId}
    order by r.sim_id
    limit ${limit}`);
}
