import type { Principal } from '../../../auth/principal.js';
import type { AuditEntry } from './repository.js';

/** Who an audit row is about: the user, the impersonating root and the API token, if any. */
export function auditActor(
  principal: Principal,
): Pick<AuditEntry, 'companyId' | 'userId' | 'impersonatorId' | 'apiTokenId'> {
  return {
    companyId: principal.companyId,
    userId: principal.userId,
    impersonatorId: principal.impersonatorId,
    apiTokenId: principal.apiTokenId,
  };
}
