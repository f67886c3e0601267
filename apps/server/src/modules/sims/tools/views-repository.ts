import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

export interface ViewRow {
  id: number;
  user_id: number;
  name: string;
  shared: boolean;
  state: unknown;
  first_name: string;
  last_name: string;
  updated: number;
}

const VIEW_COLUMNS = sql`v.id::int as id, v.user_id::int as user_id, v.name, v.shared, v.state, u.first_name, u.last_name,
  extract(epoch from v.updated_at)::int as updated`;

/** The user's own views and the company's shared ones, by name. */
export async function listViews(db: Executor, companyId: number, userId: number): Promise<ViewRow[]> {
  return queryRows<ViewRow>(db, sql`
    select ${VIEW_COLUMNS} from saved_views v join users u on u.id = v.user_id
    where v.company_id = ${companyId} and (v.user_id = ${userId} or v.shared)
    order by lower(v.name), v.id limit 500`);
}

export async function findView(db: Executor, companyId: number, id: number): Promise<ViewRow | undefined> {
  const rows = await queryRows<ViewRow>(db, sql`
    select ${VIEW_COLUMNS} from saved_views v join users u on u.id = v.user_id
    where v.company_id = ${companyId} and v.id = ${id}`);
  return rows[0];
}

export async function countOwnViews(db: Executor, companyId: number, userId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`
    select count(*)::int as n from saved_views where company_id = ${companyId} and user_id = ${userId}`);
  return Number(rows[0]?.n ?? 0);
}

export async function nameTaken(db: Executor, companyId: number, userId: number, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`
    select id from saved_views where company_id = ${companyId} and user_id = ${userId}
      and lower(name) = lower(${name}) and id <> ${exceptId ?? 0}`);
  return rows.length > 0;
}

export async function insertView(
  db: Executor,
  view: { companyId: number; userId: number; name: string; shared: boolean; state: unknown },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(db, sql`
    insert into saved_views (company_id, user_id, name, shared, state)
    values (${view.companyId}, ${view.userId}, ${view.name}, ${view.shared}, ${JSON.stringify(view.state)}::jsonb)
    returning id::int as id`);
  return Number(rows[0]?.id);
}

export async function updateView(
  db: Executor,
  companyId: number,
  id: number,
  patch: { name?: string; shared?: boolean; state?: unknown },
): Promise<void> {
  await db.execute(sql`
    update saved_views set
      name = coalesce(${patch.name ?? null}, name),
      shared = coalesce(${patch.shared ?? null}::boolean, shared),
      state = coalesce(${patch.state === undefined ? null : JSON.stringify(patch.state)}::jsonb, state),
      updated_at = now()
    where company_id = ${companyId} and id = ${id}`);
}

export async function deleteView(db: Executor, companyId: number, id: number): Promise<void> {
  await db.execute(sql`delete from saved_views where company_id = ${companyId} and id = ${id}`);
}
