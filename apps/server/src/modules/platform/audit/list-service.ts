import type { AuditEntry, AuditListRequest, AuditListResult } from '@cab/contract/companies-admin';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { peopleOf } from './audit-people.js';
import { listAudit, type AuditRow } from './list-repository.js';

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    company_id: row.company_id,
    company_name: row.company_name,
    added: row.added,
    ...peopleOf(row),
    api_token_id: row.api_token_id,
    action: row.action,
    details: row.details,
    ip: row.ip,
  };
}

/** The audit log of every company, for root (the /companies page). */
export async function listAuditLog(db: Db, principal: Principal, request: AuditListRequest): Promise<AuditListResult> {
  const action = request.action?.toLowerCase();
  const { items, total } = await listAudit(db, {
    companyId: request.company_id,
    actionPattern: action ? `%${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
    page: request.page,
    size: request.size,
  });
  return { items: items.map(toEntry), total };
}
