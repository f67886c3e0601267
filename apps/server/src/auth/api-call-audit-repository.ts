import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema.js';

/**
 * The audit row of one call made with an API token. Authentication writes it itself: it sits below
 * the modules (the audit module among them), which import it and must not be imported back.
 */
export async function insertApiCallAudit(
  db: Executor,
  call: { companyId: number; userId: number; apiTokenId: number; details: Record<string, unknown>; ip: string },
): Promise<void> {
  await db.insert(auditLog).values({ ...call, action: 'api_call' });
}
