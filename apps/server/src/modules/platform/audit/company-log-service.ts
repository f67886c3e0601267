import {
  AUDIT_DEFAULT_DAYS,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_RANGE_MAX_DAYS,
  type AuditAction,
  type CompanyAuditFilter,
  type CompanyAuditItem,
  type CompanyAuditRequest,
  type CompanyAuditResult,
} from '@cab/contract/company-audit';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { endOfDay, resolveDayRange, startOfDay } from '../../../formats/day-range.js';
import { pageOfRows, parseTimeCursor, rowsByKeyset } from '../../../formats/time-cursor.js';
import { AppError } from '../../../http/errors.js';
import { peopleOf } from './audit-people.js';
import * as repo from './company-log-repository.js';

/** Rows an export reads per statement. */
const EXPORT_BATCH = 2000;
const AUDIT_RANGE = { defaultDays: AUDIT_DEFAULT_DAYS, maxDays: AUDIT_RANGE_MAX_DAYS, tooLong: 'audit_range_too_long' } as const;

function toItem(row: repo.CompanyAuditRow): CompanyAuditItem {
  return {
    id: row.id,
    created: row.created,
    ...peopleOf(row),
    api_token_id: row.api_token_id,
    action: row.action as AuditAction,
    details: row.details,
    ip: row.ip,
    user_agent: row.user_agent,
  };
}

/** Always the caller's own company: a parent's admin reads a child's log by signing in there. */
function criteriaOf(principal: Principal, filter: CompanyAuditFilter): { criteria: repo.CompanyAuditCriteria; from: string; to: string } {
  const { from, to } = resolveDayRange(filter, AUDIT_RANGE);
  return {
    criteria: { companyId: principal.companyId, userId: filter.user, action: filter.action, fromTs: startOfDay(from), toTs: endOfDay(to) },
    from,
    to,
  };
}

/** A page of the company's audit log, newest first. */
export async function listCompanyAuditLog(db: Db, principal: Principal, request: CompanyAuditRequest): Promise<CompanyAuditResult> {
  const { cursor, size, ...filter } = request;
  const { criteria, from, to } = criteriaOf(principal, filter);
  const rows = await repo.listCompanyAudit(db, criteria, parseTimeCursor(cursor), size + 1);
  return { ...pageOfRows(rows, size, toItem), from, to };
}

/**
 * The rows an export writes, batch by batch through the list's filter. Checked before the first
 * byte: more than AUDIT_EXPORT_MAX_ROWS is refused, so a file is never cut short.
 */
export async function prepareCompanyAuditExport(
  db: Db,
  principal: Principal,
  filter: CompanyAuditFilter,
): Promise<{ rows: number; batches: () => AsyncGenerator<CompanyAuditItem[]> }> {
  const { criteria } = criteriaOf(principal, filter);
  const count = await repo.countCompanyAudit(db, criteria, AUDIT_EXPORT_MAX_ROWS + 1);
  if (count > AUDIT_EXPORT_MAX_ROWS) throw new AppError('audit_export_too_large', undefined, { max: AUDIT_EXPORT_MAX_ROWS });
  return { rows: count, batches: () => rowsByKeyset((after, limit) => repo.listCompanyAudit(db, criteria, after, limit), toItem, EXPORT_BATCH) };
}
