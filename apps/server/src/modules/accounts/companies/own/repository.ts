import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../../db/client.js';
import { companies } from '../../../../db/schema.js';

export interface CompanyRow {
  id: number;
  parent_id: number | null;
  parent_name: string | null;
  name: string;
  tax_number: string | null;
  contract: string | null;
  billing_type: number;
  balance_cents: number;
  overdraft_cents: number;
  country: string | null;
  responsible: string | null;
  whatsapp: string | null;
  require_second_factor: boolean;
  blocked: boolean;
}

export async function findCompany(db: Executor, id: number): Promise<CompanyRow | undefined> {
  const [row] = await queryRows<CompanyRow>(
    db,
    sql`
    select c.id::int as id, c.parent_id::int as parent_id, p.name as parent_name, c.name, c.tax_number, c.contract,
           c.billing_type::int as billing_type, c.balance_cents::bigint as balance_cents,
           c.overdraft_cents::bigint as overdraft_cents, c.country, c.responsible, c.whatsapp, c.require_second_factor, c.blocked
    from companies c left join companies p on p.id = c.parent_id and p.deleted_at is null
    where c.id = ${id} and c.deleted_at is null`,
  );
  return row
    ? { ...row, balance_cents: Number(row.balance_cents), overdraft_cents: Number(row.overdraft_cents) }
    : undefined;
}

export const CHILDREN_LIMIT = 500;

export async function listChildren(db: Executor, parentId: number): Promise<Array<{ id: number; name: string }>> {
  return queryRows(
    db,
    sql`
    select id::int as id, name from companies
    where parent_id = ${parentId} and deleted_at is null
    order by name, id limit ${CHILDREN_LIMIT}`,
  );
}

export interface CompanyChanges {
  name?: string;
  responsible?: string | null;
  whatsapp?: string | null;
  requireSecondFactor?: boolean;
  contract?: string | null;
  billingType?: number;
  overdraftCents?: number;
  country?: string | null;
}

export async function updateCompany(db: Executor, id: number, changes: CompanyChanges): Promise<boolean> {
  if (Object.keys(changes).length === 0) {
    // Nothing to change is still no answer for a company that does not exist.
    const found = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, id), isNull(companies.deletedAt)));
    return found.length === 1;
  }
  const rows = await db
    .update(companies)
    .set(changes)
    .where(and(eq(companies.id, id), isNull(companies.deletedAt)))
    .returning({ id: companies.id });
  return rows.length === 1;
}
