import type { AuditAction } from '@cab/contract/company-audit';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { auditLog } from '../../../db/schema.js';

export interface AuditEntry {
  companyId: number;
  userId?: number | null;
  impersonatorId?: number | null;
  apiTokenId?: number | null;
  action: AuditAction;
  details?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
}

export async function insertAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? {}, userAgent: entry.userAgent?.slice(0, 500) ?? null });
}

/** Rows older than `days` go (the company log keeps a year); at most `limit` a call, oldest first. */
export async function purgeOldAudit(db: Executor, days: number, limit = 50_000): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`
    with old as (
      select company_id, id from audit_log where created_at < now() - make_interval(days => ${days})
      order by created_at limit ${limit}
    ), gone as (
      delete from audit_log a using old where a.company_id = old.company_id and a.id = old.id returning 1
    )
    select count(*)::int as n from gone`);
  return Number(rows[0]?.n ?? 0);
}
