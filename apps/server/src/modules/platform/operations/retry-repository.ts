import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

type Ref = { companyId: number; queueId: number };

/*
 * An operation and its retries form a family: the first operation, its retries, their retries.
 * Ids grow with time, so the family's first member is its smallest id, and "later" is a larger id.
 */

/** The ids of `ref`'s family (a CTE body): up to the first operation, then down through every retry. */
function familyIds(ref: Ref): SQL {
  return sql`with recursive up(id, retry_of) as (
      select id, retry_of from queue_items where company_id = ${ref.companyId} and id = ${ref.queueId}
      union all
      select q.id, q.retry_of from queue_items q join up on q.id = up.retry_of where q.company_id = ${ref.companyId}
    ), family(id) as (
      select min(id) from up
      union all
      select q.id from queue_items q join family f on q.retry_of = f.id where q.company_id = ${ref.companyId}
    )`;
}

/**
 * SIMs that failed in `ref` (not those that were already as asked: their status is 'unchanged') and
 * have not succeeded in a later operation of its family: what a retry of `ref` takes (as
 * `s.id in (…)` over `sims s`). A later cancelled or failed try leaves a SIM failed.
 */
export function stillFailedSims(ref: Ref): SQL {
  return sql`(${familyIds(ref)}
    select r.sim_id from queue_results r
    where r.company_id = ${ref.companyId} and r.queue_id = ${ref.queueId} and r.status = 'fail'
      and not exists (
        select 1 from queue_results later
        where later.company_id = ${ref.companyId} and later.sim_id = r.sim_id and later.status = 'ok'
          and later.queue_id = any(array(select id from family where id > ${ref.queueId}))))`;
}

/** How many SIMs a retry of `ref` would take now. */
export async function countStillFailed(db: Executor, ref: Ref): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${stillFailedSims(ref)} as f(sim_id)`);
  return Number(rows[0]?.n ?? 0);
}

/** Whether any operation of `ref`'s family (itself, what it retried, a retry of either) is running. */
export async function familyRunning(db: Executor, ref: Ref): Promise<boolean> {
  const rows = await queryRows<{ running: boolean }>(db, sql`
    ${familyIds(ref)}
    select exists (
      select 1 from queue_items q join family f on f.id = q.id
      where q.company_id = ${ref.companyId} and q.state = 'running') as running`);
  return rows[0]?.running === true;
}
