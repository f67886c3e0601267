import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

export interface GroupRow {
  id: number;
  name: string;
  sim_count: number;
  added: number;
}

export async function listGroups(db: Executor, companyId: number): Promise<GroupRow[]> {
  return queryRows(db, sql`
    select g.id::int as id, g.name, extract(epoch from g.created_at)::int as added,
           (select count(*)::int from sim_group_members m where m.group_id = g.id) as sim_count
    from sim_groups g where g.company_id = ${companyId}
    order by lower(g.name), g.id
    limit 1000`);
}

export async function findGroup(db: Executor, companyId: number, id: number): Promise<GroupRow | undefined> {
  const rows = await queryRows<GroupRow>(db, sql`
    select g.id::int as id, g.name, extract(epoch from g.created_at)::int as added,
           (select count(*)::int from sim_group_members m where m.group_id = g.id) as sim_count
    from sim_groups g where g.company_id = ${companyId} and g.id = ${id}`);
  return rows[0];
}

/** Inserts or renames; false when another group of the company already has the name. */
export async function insertGroup(db: Executor, companyId: number, name: string): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(db, sql`
    insert into sim_groups (company_id, name) values (${companyId}, ${name})
    on conflict (company_id, lower(name)) do nothing returning id::int as id`);
  return rows[0]?.id ?? null;
}

export async function renameGroup(db: Executor, companyId: number, id: number, name: string): Promise<'ok' | 'missing' | 'taken'> {
  if (!(await findGroup(db, companyId, id))) return 'missing';
  const clash = await queryRows<{ id: number }>(db, sql`
    select id from sim_groups where company_id = ${companyId} and lower(name) = lower(${name}) and id <> ${id}`);
  if (clash.length > 0) return 'taken';
  const rows = await queryRows<{ id: number }>(db, sql`
    update sim_groups set name = ${name} where company_id = ${companyId} and id = ${id} returning id`);
  return rows.length ? 'ok' : 'missing';
}

export async function deleteGroup(db: Executor, companyId: number, id: number): Promise<boolean> {
  await db.execute(sql`delete from sim_group_members where company_id = ${companyId} and group_id = ${id}`);
  const rows = await queryRows<{ id: number }>(db, sql`
    delete from sim_groups where company_id = ${companyId} and id = ${id} returning id`);
  return rows.length > 0;
}
