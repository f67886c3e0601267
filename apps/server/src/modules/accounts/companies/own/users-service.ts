import type {
  CompanyUser,
  CompanyUserCreateRequest,
  CompanyUsersListResult,
  CompanyUserUpdateRequest,
} from '@cab/contract/company-users';
import { COMPANY_USER_ROLES } from '@cab/contract/company-users';
import type { Lang } from '@cab/contract/constants';
import { ROLES } from '@cab/contract/roles';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../../../auth/passwords.js';
import type { Principal } from '../../../../auth/principal.js';
import type { Db, Executor } from '../../../../db/client.js';
import type { Mailer } from '../../../../delivery/mail.js';
import { AppError } from '../../../../http/errors.js';
import { DEFAULT_ROLE_TITLE, ROLE_TITLES } from '../../../../http/messages.js';
import type { EventBus } from '../../../../realtime/bus.js';
import { revokeTokensOfUser } from '../../api-tokens/index.js';
import { auditActor, insertAudit } from '../../../platform/audit/index.js';
import { resolveCompanyId } from './access.js';
import * as repo from './users-repository.js';
import { generatePassword, mailPassword } from './users-mail.js';
import { revokeAllFamilies } from '../../auth/index.js';

export interface UsersDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  /** Where the mailed sign-in link points (PUBLIC_URL/login). */
  loginUrl: string;
  log: FastifyBaseLogger;
}

function toCompanyUser(row: repo.UserRow, principal: Principal, lang: Lang): CompanyUser {
  const role = ROLES.find((r) => r === row.role);
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    role: row.role,
    role_title: (role ? ROLE_TITLES[role] : DEFAULT_ROLE_TITLE)[lang],
    active: row.active,
    self: row.id === principal.userId,
  };
}

export async function listUsers(
  db: Db,
  principal: Principal,
  companyId: number,
  lang: Lang,
): Promise<CompanyUsersListResult> {
  const id = await resolveCompanyId(db, principal, companyId);
  const items = (await repo.listUsers(db, id)).map((row) => toCompanyUser(row, principal, lang));
  return { items, total: items.length };
}

/** A user the principal may manage: in a company it may open; root and agent accounts are not managed here. */
async function loadManagedUser(db: Db, principal: Principal, id: number): Promise<repo.UserRow> {
  const user = await repo.findUser(db, id);
  if (!user) throw new AppError('not_found');
  await resolveCompanyId(db, principal, user.companyId);
  if (!COMPANY_USER_ROLES.some((role) => role === user.role)) throw new AppError('forbidden');
  return user;
}

/** The company must keep one active admin: checked under a lock on the company. */
async function requireAnotherAdmin(tx: Executor, user: repo.UserRow): Promise<void> {
  if (user.role !== 'admin' || !user.active) return;
  if ((await repo.countOtherActiveAdmins(tx, user.companyId, user.id)) === 0) throw new AppError('last_admin');
}

async function closeSessions(bus: EventBus, families: readonly string[]): Promise<void> {
  for (const family of families) await bus.revokeSession(family);
}

export async function createUser(
  deps: UsersDeps,
  principal: Principal,
  request: CompanyUserCreateRequest,
  lang: Lang,
): Promise<{ user: CompanyUser; mail_sent: boolean }> {
  const companyId = await resolveCompanyId(deps.db, principal, request.company_id);
  if (await repo.isEmailTaken(deps.db, request.email)) throw new AppError('email_taken', { email: 'invalid' });
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const id = await deps.db.transaction(async (tx) => {
    const created = await repo.insertUser(tx, {
      companyId,
      email: request.email,
      firstName: request.first_name,
      lastName: request.last_name,
      phone: request.phone,
      role: request.role,
      lang,
      passwordHash,
    });
    if (created === null) throw new AppError('email_taken', { email: 'invalid' });
    await insertAudit(tx, {
      ...auditActor(principal),
      action: 'user_create',
      details: { id: created, company_id: companyId, email: request.email, role: request.role },
    });
    return created;
  });
  const row = await repo.findUser(deps.db, id);
  if (!row) throw new Error('created user not found');
  const mailSent = await mailPassword(deps, row, password);
  return { user: toCompanyUser(row, principal, lang), mail_sent: mailSent };
}

export async function updateUser(
  deps: UsersDeps,
  principal: Principal,
  request: CompanyUserUpdateRequest,
  lang: Lang,
): Promise<CompanyUser> {
  const user = await loadManagedUser(deps.db, principal, request.id);
  if (await repo.isEmailTaken(deps.db, request.email, user.id)) throw new AppError('email_taken', { email: 'invalid' });
  try {
    await deps.db.transaction(async (tx) => {
      await repo.lockCompany(tx, user.companyId);
      if (request.role !== 'admin') await requireAnotherAdmin(tx, user);
      await repo.updateUser(tx, user.id, {
        email: request.email,
        firstName: request.first_name,
        lastName: request.last_name,
        phone: request.phone,
        role: request.role,
      });
      await insertAudit(tx, {
        ...auditActor(principal),
        action: 'user_update',
        details: { id: user.id, email: request.email, role: request.role },
      });
    });
  } catch (error) {
    // Another request took the address between the check and the update.
    if (repo.isUniqueViolation(error)) throw new AppError('email_taken', { email: 'invalid' });
    throw error;
  }
  const row = await repo.findUser(deps.db, user.id);
  if (!row) throw new AppError('not_found');
  return toCompanyUser(row, principal, lang);
}

type Removal = 'block' | 'delete';

/** Block or delete: never oneself, never the last active admin; the user's sessions end. */
export async function removeUser(deps: UsersDeps, principal: Principal, id: number, removal: Removal): Promise<void> {
  const user = await loadManagedUser(deps.db, principal, id);
  if (user.id === principal.userId) throw new AppError('user_self_action');
  const families = await deps.db.transaction(async (tx) => {
    await repo.lockCompany(tx, user.companyId);
    await requireAnotherAdmin(tx, user);
    await repo.updateUser(tx, user.id, removal === 'block' ? { active: false } : { deletedAt: new Date() });
    if (removal === 'delete') await revokeTokensOfUser(tx, user.companyId, user.id);
    await insertAudit(tx, {
      ...auditActor(principal),
      action: `user_${removal}`,
      details: { id: user.id, email: user.email },
    });
    return revokeAllFamilies(tx, user.id);
  });
  await closeSessions(deps.bus, families);
}

export async function unblockUser(deps: UsersDeps, principal: Principal, id: number): Promise<void> {
  const user = await loadManagedUser(deps.db, principal, id);
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { active: true });
    await insertAudit(tx, {
      ...auditActor(principal),
      action: 'user_unblock',
      details: { id: user.id, email: user.email },
    });
  });
}

/** A new generated password, mailed; whoever knew the old one is signed out. */
export async function sendNewPassword(
  deps: UsersDeps,
  principal: Principal,
  id: number,
): Promise<{ mail_sent: boolean }> {
  const user = await loadManagedUser(deps.db, principal, id);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const families = await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash });
    await insertAudit(tx, {
      ...auditActor(principal),
      action: 'user_password_send',
      details: { id: user.id, email: user.email },
    });
    return revokeAllFamilies(tx, user.id);
  });
  await closeSessions(deps.bus, families);
  return { mail_sent: await mailPassword(deps, user, password) };
}
