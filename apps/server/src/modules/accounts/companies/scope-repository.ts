import { sql, type SQL } from 'drizzle-orm';
import { requestCachesOf } from '../../../auth/request-caches.js';
import { queryRows, type Executor } from '../../../db/client.js';

/** Companies matching `anchor`, and every company below them in the tree (not deleted). */
async function findTrees(db: Executor, anchor: SQL): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`
    with recursive tree as (
      select id from companies where ${anchor} and deleted_at is null
      union all
      select c.id from companies c join tree t on c.parent_id = t.id where c.deleted_at is null
    )
    select id::int as id from tree`);
  return rows.map((r) => Number(r.id));
}

/** Through the process's tree cache when `db` has one (every company change drops it, see request-caches.ts). */
function cachedTrees(db: Executor, key: string, anchor: SQL): Promise<number[]> {
  const caches = requestCachesOf(db);
  return caches ? caches.tree(key, () => findTrees(db, anchor)) : findTrees(db, anchor);
}

/** A company and every company below it. */
export async function findCompanyTree(db: Executor, rootId: number): Promise<number[]> {
  return cachedTrees(db, `tree:${rootId}`, sql`id = ${rootId}`);
}

/** Companies a sales agent referred, with their child companies. */
export async function findAgentCompanies(db: Executor, agentCompanyId: number): Promise<number[]> {
  return cachedTrees(db, `agent:${agentCompanyId}`, sql`agent_company_id = ${agentCompanyId}`);
}

export async function findExistingCompanies(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(db, 
    sql`select id::int as id from companies where id in ${ids} and deleted_at is null`,
  );
  return rows.map((r) => Number(r.id));
}
