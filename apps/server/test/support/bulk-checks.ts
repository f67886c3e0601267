import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, type Db } from '../../src/db/client.js';

/**
 * A finished bulk operation was exact: ok + fail is its count, every SIM has one result, and the
 * network applied it to every SIM once (its idempotency keys), whatever died or refused meanwhile.
 */
export async function expectEverySimOnce(db: Db, qid: number, count: number): Promise<void> {
  const [item] = await queryRows<{ ok: number; fail: number }>(db, sql`select ok, fail from queue_items where id = ${qid}`);
  expect((item?.ok ?? 0) + (item?.fail ?? 0)).toBe(count);
  const results = await queryRows<{ status: string; n: number; sims: number }>(db, sql`
    select status, count(*)::int as n, count(distinct sim_id)::int as sims from queue_results
    where queue_id = ${qid} group by status order by status`);
  expect(results).toEqual([
    ...(item?.fail ? [{ status: 'fail', n: item.fail, sims: item.fail }] : []),
    ...(item?.ok ? [{ status: 'ok', n: item.ok, sims: item.ok }] : []),
  ]);
  const applied = await queryRows<{ n: number; sims: number }>(db, sql`
    select count(*)::int as n, count(distinct sim_id)::int as sims from network_applied_ops where key like ${`queue:${qid}:%`}`);
  expect(applied[0]).toEqual({ n: count, sims: count });
}
