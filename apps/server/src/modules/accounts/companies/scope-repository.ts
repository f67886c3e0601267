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

/**
 * Registered, not deleted companies of the scope (null: every one) whose name holds `query`, the
 * caller's own first, then by name.
 */
export async function findScopeCompanies(
  db: Executor,
  scope: number[] | null,
  query: string | undefined,
  ownId: number,
  limit: number,
): Promise<Array<{ id: number; name: string; parent_id: number | null }>> {
  const inScope = scope ? sql`and id in ${scope.length ? scope : [0]}` : sql``;
  const byName = query ? sql`and lower(name) like ${`%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  return queryRows<{ id: number; name: string; parent_id: number | null }>(db, sql`
    select id::int as id, name, parent_id::int as parent_id from companies
    where deleted_at is null and registration_complete ${inScope} ${byName}
    order by (id = ${ownId}) desc, name, id
    limit ${limit}`);
}
