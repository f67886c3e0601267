import type { LoginResult } from '@cab/contract/auth';
import { ROLES, can } from '@cab/contract/roles';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { EventBus } from '../../../realtime/bus.js';
import { insertAudit } from '../../platform/audit/index.js';
import { type AuthService, type ClientInfo, revokeFamily } from '../auth/index.js';
import * as repo from './repository.js';

export interface ImpersonationDeps {
  db: Db;
  bus: EventBus;
  auth: AuthService;
}

/**
 * Root opens a session as another user (ARCHITECTURE §6). The session's refresh tokens and access
 * tokens carry the root's id, so everything done in it is attributed; both companies' audit logs
 * record the start.
 */
export async function startImpersonation(
  deps: ImpersonationDeps,
  principal: Principal,
  targetId: number,
  client: ClientInfo,
): Promise<LoginResult> {
  const target = await repo.findTarget(deps.db, targetId);
  if (!target) throw new AppError('not_found');
  // The platform operator's own accounts are never impersonated ('companies.all', roles.ts).
  const targetRole = ROLES.find((role) => role === target.role);
  if ((targetRole && can(targetRole, 'companies.all')) || !target.active) throw new AppError('impersonation_not_allowed');
  // The impersonated session exists only with its audit rows.
  const pair = await deps.db.transaction(async (tx) => {
    const opened = await deps.auth.startSession(
      { userId: target.id, companyId: target.company_id, role: target.role, impersonatorId: principal.userId },
      client,
      tx,
    );
    const details = { target_id: target.id, target_email: target.email, target_company_id: target.company_id };
    await insertAudit(tx, { companyId: principal.companyId, userId: principal.userId, action: 'impersonation_start', details, ip: client.ip });
    await insertAudit(tx, {
      companyId: target.company_id,
      userId: target.id,
      impersonatorId: principal.userId,
      action: 'impersonation_start',
      details,
      ip: client.ip,
    });
    return opened;
  });
  return { ...pair, id: target.id };
}

/** Ends an impersonated session (the Restore entry): the session is revoked, the end audited. */
export async function endImpersonation(deps: ImpersonationDeps, principal: Principal, ip: string | null): Promise<void> {
  const rootId = principal.impersonatorId;
  if (rootId === null) throw new AppError('impersonation_not_active');
  const root = await repo.findTarget(deps.db, rootId);
  await deps.db.transaction(async (tx) => {
    await revokeFamily(tx, principal.sessionId);
    const details = { target_id: principal.userId, target_company_id: principal.companyId };
    if (root) await insertAudit(tx, { companyId: root.company_id, userId: rootId, action: 'impersonation_end', details, ip });
    await insertAudit(tx, {
      companyId: principal.companyId,
      userId: principal.userId,
      impersonatorId: rootId,
      action: 'impersonation_end',
      details,
      ip,
    });
  });
  await deps.bus.revokeSession(principal.sessionId);
}
