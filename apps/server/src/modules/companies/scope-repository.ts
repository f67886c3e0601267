import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

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

/** A company and every company below it. */
export async function findCompanyTree(db: Executor, rootId: number): Promise<number[]> {
  return findTrees(db, sql`id = ${rootId}`);
}

/** Companies a sales agent referred, with their child companies. */
export async function findAgentCompanies(db: Executor, agentCompanyId: number): Promise<number[]> {
  return findTrees(db, sql`agent_company_id = ${agentCompanyId}`);
}

export async function findExistingCompanies(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(db, 
    sql`select id::int as id from companies where id in ${ids} and deleted_at is null`,
  );
  return rows.map((r) => Number(r.id));
}
