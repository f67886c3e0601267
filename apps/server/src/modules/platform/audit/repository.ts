import type { Executor } from '../../../db/client.js';
import { auditLog } from '../../../db/schema.js';

export interface AuditEntry {
  companyId: number;
  userId?: number | null;
  impersonatorId?: number | null;
  apiTokenId?: number | null;
  action: string;
  details?: Record<string, unknown>;
  ip?: string | null;
}

export async function insertAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
