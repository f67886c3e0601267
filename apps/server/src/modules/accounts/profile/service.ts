import type { AuditAction } from '@cab/contract/company-audit';
import { LANGS } from '@cab/contract/constants';
import type {
  PasswordChangeRequest,
  Profile,
  ProfileUpdateRequest,
  SessionListResult,
  SessionsRevokeResult,
} from '@cab/contract/profile';
import type { Principal } from '../../../auth/principal.js';
import type { PasswordAttempts } from '../../../auth/password-attempts.js';
import { hashPassword, verifyPassword } from '../../../auth/passwords.js';
import type { Db, Executor } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { EventBus } from '../../../realtime/bus.js';
import { insertAudit } from '../../platform/audit/index.js';
import * as repo from './repository.js';

function toProfile(row: repo.ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    lang: LANGS.find((l) => l === row.lang) ?? 'ru',
  };
}

async function audit(db: Executor, principal: Principal, action: AuditAction, details: Record<string, unknown> = {}) {
  await insertAudit(db, {
    companyId: principal.companyId,
    userId: principal.userId,
    impersonatorId: principal.impersonatorId,
    action,
    details,
  });
}

async function loadProfile(db: Db, principal: Principal): Promise<repo.ProfileRow> {
  const row = await repo.findProfile(db, principal.userId);
  if (!row) throw new AppError('unauthorized');
  return row;
}

export async function getProfile(db: Db, principal: Principal): Promise<Profile> {
  return toProfile(await loadProfile(db, principal));
}

export async function updateProfile(db: Db, principal: Principal, request: ProfileUpdateRequest): Promise<Profile> {
  const changes = {
    firstName: request.first_name,
    lastName: request.last_name,
    phone: request.phone,
    lang: request.lang,
  };
  await db.transaction(async (tx) => {
    if (!(await repo.updateProfile(tx, principal.userId, changes))) throw new AppError('unauthorized');
    await audit(tx, principal, 'profile_update', {
      first_name: changes.firstName,
      last_name: changes.lastName,
      phone: changes.phone,
      lang: changes.lang,
    });
  });
  return getProfile(db, principal);
}

/** Closes the sockets of revoked sessions; after commit, so no notice leaves for a rolled-back revoke. */
async function closeSockets(bus: EventBus, sessionIds: readonly string[]): Promise<void> {
  for (const sessionId of sessionIds) await bus.revokeSession(sessionId);
}

/**
 * Allowed for a blocked company too: a user must always be able to secure the account.
 * Other sessions are signed out, since whoever knew the old password may hold one.
 */
export async function changePassword(
  { db, bus, attempts }: { db: Db; bus: EventBus; attempts: PasswordAttempts },
  principal: Principal,
  request: PasswordChangeRequest,
  ip: string,
): Promise<void> {
  const row = await loadProfile(db, principal);
  // The same counters as login: a stolen session must not become a way to guess the password.
  const ok = await attempts.check({ email: row.email, ip }, () => verifyPassword(request.current_password, row.passwordHash));
  if (!ok) {
    throw new AppError('wrong_password', { current_password: 'invalid' });
  }
  const passwordHash = await hashPassword(request.new_password);
  const revoked = await db.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, principal.userId, passwordHash);
    const families = await repo.revokeOtherFamilies(tx, principal.userId, principal.sessionId);
    await audit(tx, principal, 'password_change', { revoked_sessions: families.length });
    return families;
  });
  await closeSockets(bus, revoked);
}

export async function listSessions(db: Db, principal: Principal): Promise<SessionListResult> {
  const rows = await repo.listLiveSessions(db, principal.userId);
  return {
    items: rows.map((row) => ({
      id: row.family_id,
      created: row.created,
      last_used: row.last_used,
      user_agent: row.user_agent,
      ip: row.ip,
      current: row.family_id === principal.sessionId,
    })),
  };
}

export async function revokeOtherSessions(db: Db, bus: EventBus, principal: Principal): Promise<SessionsRevokeResult> {
  const revoked = await db.transaction(async (tx) => {
    const families = await repo.revokeOtherFamilies(tx, principal.userId, principal.sessionId);
    await audit(tx, principal, 'sessions_revoke_others', { revoked: families.length });
    return families;
  });
  await closeSockets(bus, revoked);
  return { revoked: revoked.length };
}
