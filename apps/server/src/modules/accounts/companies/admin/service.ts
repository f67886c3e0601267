import type { AuditAction } from '@cab/contract/company-audit';
import { randomBytes } from 'node:crypto';
import type {
  AdminCompany,
  AdminCompanyListRequest,
  AdminCompanyListResult,
  CompanyCreateRequest,
  CompanyCreateResult,
  CompanyUsersResult,
} from '@cab/contract/companies-admin';
import { COMPANY_USERS_LIMIT } from '@cab/contract/companies-admin';
import { COMPANY_TYPES, firstOpenStep } from '@cab/contract/registration';
import type { Lang } from '@cab/contract/constants';
import { ROLES } from '@cab/contract/roles';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../../../auth/passwords.js';
import type { Principal } from '../../../../auth/principal.js';
import type { Db, Executor } from '../../../../db/client.js';
import type { Mailer } from '../../../../delivery/mail.js';
import { AppError } from '../../../../http/errors.js';
import { COMPANY_ADMIN_MAIL } from '../../../../http/mail-messages.js';
import { DEFAULT_ROLE_TITLE, ROLE_TITLES, fillTemplate } from '../../../../http/messages.js';
import type { EventBus } from '../../../../realtime/bus.js';
import { insertAudit } from '../../../platform/audit/index.js';
import * as repo from './repository.js';

export interface CompaniesAdminDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  /** Where the mailed sign-in link points (PUBLIC_URL, never the Host header). */
  publicUrl: string;
}

export function toAdminCompany(row: repo.CompanyRow): AdminCompany {
  const { balance_cents: cents, registration_complete: complete, company_type: _type, responsible: _responsible, phone_confirmed: _phone, ...rest } = row;
  return { ...rest, balance: Math.round(cents) / 100, registration_step: complete ? null : registrationStep(row) };
}

/** How far a registration in progress got: the wizard's own first open step (contract registration.ts). */
function registrationStep(row: repo.CompanyRow) {
  // The Administrator step saves the responsible person with the client name, first and last name.
  const administrator = row.responsible;
  return firstOpenStep({
    country: row.country,
    company_type: COMPANY_TYPES.find((type) => type === row.company_type) ?? null,
    unique_id: row.tax_number,
    client_name: administrator,
    firstName: administrator,
    lastName: administrator,
    phone_confirmed: row.phone_confirmed,
  });
}

async function audit(db: Executor, principal: Principal, companyId: number, action: AuditAction, details: Record<string, unknown>, ip: string) {
  await insertAudit(db, { companyId, userId: principal.userId, impersonatorId: principal.impersonatorId, action, details, ip });
}

export async function listCompanies(db: Db, principal: Principal, request: AdminCompanyListRequest): Promise<AdminCompanyListResult> {
  const { items, total } = await repo.listCompanies(db, request);
  return { items: items.map(toAdminCompany), total };
}

async function liveCompany(db: Db, id: number): Promise<repo.CompanyRow> {
  const company = await repo.findCompany(db, id);
  if (!company || company.deleted) throw new AppError('not_found');
  return company;
}

/** The operator's own company (it holds root users) is never blocked or deleted. */
async function requireNotProtected(db: Db, principal: Principal, id: number): Promise<void> {
  if (id === principal.companyId || (await repo.hasRootUser(db, id))) throw new AppError('company_protected');
}

/**
 * Blocking makes the company's cabinet read-only (requireWritable); its SIMs keep working. Its users'
 * open cabinets reload their user data through portal_update and show the company-locked warning.
 */
export async function setCompanyBlocked(
  deps: CompaniesAdminDeps,
  principal: Principal,
  id: number,
  blocked: boolean,
  ip: string,
): Promise<AdminCompany> {
  await liveCompany(deps.db, id);
  if (blocked) await requireNotProtected(deps.db, principal, id);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.setBlocked(tx, id, blocked))) throw new AppError('not_found');
    await audit(tx, principal, id, blocked ? 'company_block' : 'company_unblock', { company_id: id }, ip);
  });
  await deps.bus.publish({ companyId: id }, { type: 'portal_update', data: {} });
  return toAdminCompany(await liveCompany(deps.db, id));
}

/**
 * Soft delete that leaves nothing orphaned: refused while SIMs or live child companies remain;
 * otherwise the users go too and every session and API token is revoked, so nobody of it can sign in.
 */
export async function deleteCompany(deps: CompaniesAdminDeps, principal: Principal, id: number, ip: string): Promise<AdminCompany> {
  const company = await liveCompany(deps.db, id);
  await requireNotProtected(deps.db, principal, id);
  if (company.sims > 0) throw new AppError('company_has_sims', undefined, { count: company.sims });
  if (company.children > 0) throw new AppError('company_has_children', undefined, { count: company.children });
  // An abandoned sign-up is removed outright, so its e-mail and tax number can register again.
  const abandoned = !company.registration_complete;
  const revoked = await deps.db.transaction(async (tx) => {
    const done = abandoned ? await repo.purgeUnfinishedRegistration(tx, id) : await repo.softDeleteCompany(tx, id);
    await insertAudit(tx, {
      companyId: id,
      userId: principal.userId,
      impersonatorId: principal.impersonatorId,
      action: abandoned ? 'registration_remove' : 'company_delete',
      details: { company_id: id, name: company.name, users: done.users, sessions: done.sessions.length, api_tokens: done.apiTokens },
      ip,
    });
    return done.sessions;
  });
  for (const sessionId of revoked) await deps.bus.revokeSession(sessionId);
  if (abandoned) return { ...toAdminCompany(company), deleted: true };
  const deleted = await repo.findCompany(deps.db, id);
  if (!deleted) throw new AppError('not_found');
  return toAdminCompany(deleted);
}

/** 16 characters from an alphabet without look-alikes (no 0/O, 1/l/I). */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
}

class Conflict extends Error {
  constructor(readonly code: 'company_tax_number_taken' | 'company_admin_email_taken') {
    super(code);
  }
}

/** A company with its first administrator, whose generated password is mailed to them (and shown nowhere). */
export async function createCompany(
  deps: CompaniesAdminDeps & { log: FastifyBaseLogger },
  principal: Principal,
  request: CompanyCreateRequest,
  context: { ip: string; lang: Lang },
): Promise<CompanyCreateResult> {
  if (request.parent_id !== null) await liveCompany(deps.db, request.parent_id);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const lang = request.admin.lang ?? context.lang;
  let created: { companyId: number; adminId: number };
  try {
    created = await deps.db.transaction(async (tx) => {
      const companyId = await repo.insertCompany(tx, {
        parentId: request.parent_id,
        name: request.name,
        taxNumber: request.tax_number,
        billingType: request.billing_type,
        contract: request.contract || null,
        country: request.country || null,
      });
      if (companyId === null) throw new Conflict('company_tax_number_taken');
      const adminId = await repo.insertUser(tx, {
        companyId,
        email: request.admin.email,
        passwordHash,
        firstName: request.admin.first_name,
        lastName: request.admin.last_name,
        role: 'admin',
        lang,
      });
      if (adminId === null) throw new Conflict('company_admin_email_taken');
      const details = { company_id: companyId, parent_id: request.parent_id, admin_id: adminId, admin_email: request.admin.email };
      await insertAudit(tx, { companyId, userId: principal.userId, impersonatorId: principal.impersonatorId, action: 'company_create', details, ip: context.ip });
      return { companyId, adminId };
    });
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    const field = error.code === 'company_tax_number_taken' ? 'tax_number' : 'admin.email';
    throw new AppError(error.code, { [field]: 'invalid' });
  }
  const values = { company: request.name, email: request.admin.email, password, link: `${deps.publicUrl}/login` };
  const message = {
    to: request.admin.email,
    subject: fillTemplate(COMPANY_ADMIN_MAIL.subject[lang], values),
    text: fillTemplate(COMPANY_ADMIN_MAIL.text[lang], values),
  };
  deps.mailer.send(message).catch((error: unknown) => {
    deps.log.error({ err: error, to: request.admin.email }, 'new company admin mail failed');
  });
  const company = await repo.findCompany(deps.db, created.companyId);
  if (!company) throw new AppError('not_found');
  return { company: toAdminCompany(company), admin_id: created.adminId };
}

export async function listCompanyUsers(db: Db, principal: Principal, companyId: number, lang: Lang): Promise<CompanyUsersResult> {
  await liveCompany(db, companyId);
  const { items, total } = await repo.listCompanyUsers(db, companyId, COMPANY_USERS_LIMIT);
  return {
    total,
    items: items.map((user) => {
      const role = ROLES.find((r) => r === user.role) ?? 'viewer';
      return { ...user, role, role_title: (ROLE_TITLES[role] ?? DEFAULT_ROLE_TITLE)[lang] };
    }),
  };
}
