import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { TimeKey } from '../../../formats/time-cursor.js';
import { AUDIT_PEOPLE_COLUMNS, AUDIT_PEOPLE_JOINS, type AuditPeopleRow } from './audit-people.js';

export interface CompanyAuditRow extends AuditPeopleRow {
  id: number;
  created: number;
  /** created_at in µs since the epoch, exact (the keyset's first half). */
  at_us: string;
  user_agent: string | null;
}

/** A resolved, bounded search of one company's log: the range is [fromTs, toTs). */
export interface CompanyAuditCriteria {
  companyId: number;
  userId?: number | undefined;
  action?: string | undefined;
  fromTs: Date;
  toTs: Date;
}

function whereOf(criteria: CompanyAuditCriteria, after: TimeKey | null): SQL {
  const parts: SQL[] = [
    sql`a.company_id = ${criteria.companyId}`,
    sql`a.created_at >= ${criteria.fromTs.toISOString()}::timestamptz`,
    sql`a.created_at < ${criteria.toTs.toISOString()}::timestamptz`,
  ];
  if (criteria.userId !== undefined) parts.push(sql`a.user_id = ${criteria.userId}`);
  if (criteria.action) parts.push(sql`a.action = ${criteria.action}`);
  if (after) parts.push(sql`(a.created_at, a.id) < (timestamptz 'epoch' + ${after.atUs}::bigint * interval '1 microsecond', ${after.id})`);
  return sql.join(parts, sql` and `);
}

/** One page, newest first, by keyset (created_at, id): audit_log_time_idx answers the company's range in order. */
export async function listCompanyAudit(db: Executor, criteria: CompanyAuditCriteria, after: TimeKey | null, limit: number): Promise<CompanyAuditRow[]> {
  return queryRows<CompanyAuditRow>(db, sql`
    select a.id::int as id, extract(epoch from a.created_at)::int as created,
      (extract(epoch from a.created_at) * 1000000)::bigint::text as at_us, ${AUDIT_PEOPLE_COLUMNS}, a.user_agent
    from audit_log a ${AUDIT_PEOPLE_JOINS}
    where ${whereOf(criteria, after)}
    order by a.created_at desc, a.id desc limit ${limit}`);
}

/** How many rows match, counting no further than `cap` (an export's bound). */
export async function countCompanyAudit(db: Executor, criteria: CompanyAuditCriteria, cap: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`
    select count(*)::int as n from (select 1 from audit_log a where ${whereOf(criteria, null)} limit ${cap}) t`);
  return Number(rows[0]?.n ?? 0);
}
