import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { AUDIT_PEOPLE_COLUMNS, AUDIT_PEOPLE_JOINS, type AuditPeopleRow } from './audit-people.js';

export interface AuditRow extends AuditPeopleRow {
  id: number;
  company_id: number;
  company_name: string;
  added: number;
}

export interface AuditFilter {
  companyId?: number;
  /** A LIKE pattern (already escaped) of the action. */
  actionPattern?: string;
  page: number;
  size: number;
}

function whereOf(filter: AuditFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.companyId !== undefined) parts.push(sql`a.company_id = ${filter.companyId}`);
  if (filter.actionPattern) parts.push(sql`a.action like ${filter.actionPattern}`);
  return sql.join(parts, sql` and `);
}

/** Newest first; the (company_id, created_at) index serves a one-company view. */
export async function listAudit(db: Executor, filter: AuditFilter): Promise<{ items: AuditRow[]; total: number }> {
  const where = whereOf(filter);
  const [items, totals] = await Promise.all([
    queryRows<AuditRow>(db, sql`
      select a.id::int as id, a.company_id::int as company_id, c.name as company_name,
        extract(epoch from a.created_at)::int as added, ${AUDIT_PEOPLE_COLUMNS}
      from audit_log a
      join companies c on c.id = a.company_id
      ${AUDIT_PEOPLE_JOINS}
      where ${where}
      order by a.created_at desc, a.id desc
      limit ${filter.size} offset ${filter.page * filter.size}`),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log a where ${where}`),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0) };
}
