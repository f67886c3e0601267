import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

export interface AuditRow {
  id: number;
  company_id: number;
  company_name: string;
  added: number;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  impersonator_id: number | null;
  impersonator_name: string | null;
  impersonator_email: string | null;
  api_token_id: number | null;
  action: string;
  details: Record<string, unknown>;
  ip: string | null;
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
        extract(epoch from a.created_at)::int as added,
        a.user_id::int as user_id, trim(u.first_name || ' ' || u.last_name) as user_name, u.email as user_email,
        a.impersonator_id::int as impersonator_id, trim(i.first_name || ' ' || i.last_name) as impersonator_name,
        i.email as impersonator_email, a.api_token_id::int as api_token_id, a.action, a.details, a.ip
      from audit_log a
      join companies c on c.id = a.company_id
      left join users u on u.id = a.user_id
      left join users i on i.id = a.impersonator_id
      where ${where}
      order by a.created_at desc, a.id desc
      limit ${filter.size} offset ${filter.page * filter.size}`),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log a where ${where}`),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0) };
}
