import { z } from 'zod';
import { LoginResult, SessionCheckResult } from './auth.js';
import { LANGS } from './constants.js';
import { EmptyBody, Email, Id, Page, Size, UnixSeconds } from './common.js';
import { action, read } from './endpoint.js';
import { REGISTER_STEPS } from './registration.js';
import { ROLES } from './roles.js';

/* Root-only management of companies (the /companies page), impersonation and the audit log. */

/**
 * Which companies the list shows; without one, every company that is not deleted. `registering`:
 * signed up but the registration wizard is not finished — not a customer yet.
 */
export const COMPANY_STATES = ['active', 'registering', 'blocked', 'deleted'] as const;
export type CompanyState = (typeof COMPANY_STATES)[number];

export const BILLING_TYPES = [1, 2] as const;
export const BillingType = z.union([z.literal(1), z.literal(2)]);

export const AdminCompanyListRequest = z.strictObject({
  /** Substring of the name, tax number or contract. */
  query: z.string().trim().max(100).optional(),
  state: z.enum(COMPANY_STATES).optional(),
  page: Page,
  size: Size,
});
export type AdminCompanyListRequest = z.infer<typeof AdminCompanyListRequest>;

export const AdminCompany = z.object({
  id: Id,
  name: z.string(),
  tax_number: z.string().nullable(),
  contract: z.string().nullable(),
  country: z.string().nullable(),
  parent_id: Id.nullable(),
  parent_name: z.string().nullable(),
  /** The sales agent that referred the company (issue 10). */
  agent_company_id: Id.nullable(),
  agent_name: z.string().nullable(),
  billing_type: z.number().int(),
  /** EUR. */
  balance: z.number(),
  blocked: z.boolean(),
  deleted: z.boolean(),
  users: z.number().int(),
  sims: z.number().int(),
  children: z.number().int(),
  /** When it was created; for a registration in progress, when the sign-up started. */
  added: UnixSeconds,
  /** The wizard step a registration in progress stopped at; null once it is finished. */
  registration_step: z.enum(REGISTER_STEPS).nullable(),
});
export type AdminCompany = z.infer<typeof AdminCompany>;

export const AdminCompanyListResult = z.object({ items: z.array(AdminCompany), total: z.number().int() });
export type AdminCompanyListResult = z.infer<typeof AdminCompanyListResult>;

export const CompanyIdRequest = z.strictObject({ id: Id });
export type CompanyIdRequest = z.infer<typeof CompanyIdRequest>;

const Name = z.string().trim().min(1).max(100);

export const CompanyCreateRequest = z.strictObject({
  /** The company it belongs to; null makes a top-level company. */
  parent_id: Id.nullable(),
  name: z.string().trim().min(1).max(200),
  tax_number: z.string().trim().min(1).max(50),
  billing_type: BillingType,
  contract: z.string().trim().max(100).optional(),
  country: z.string().trim().max(100).optional(),
  admin: z.strictObject({
    email: Email,
    first_name: Name,
    last_name: Name,
    lang: z.enum(LANGS).optional(),
  }),
});
export type CompanyCreateRequest = z.infer<typeof CompanyCreateRequest>;

export const CompanyCreateResult = z.object({ company: AdminCompany, admin_id: Id });
export type CompanyCreateResult = z.infer<typeof CompanyCreateResult>;

/** The users of one company, for the "Sign in as" dialog. */
export const COMPANY_USERS_LIMIT = 200;
export const CompanyUser = z.object({
  id: Id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  role_title: z.string(),
  active: z.boolean(),
});
export type CompanyUser = z.infer<typeof CompanyUser>;
export const CompanyUsersResult = z.object({ items: z.array(CompanyUser), total: z.number().int() });
export type CompanyUsersResult = z.infer<typeof CompanyUsersResult>;

export const ImpersonateRequest = z.strictObject({ id: Id });
export type ImpersonateRequest = z.infer<typeof ImpersonateRequest>;

export const AuditListRequest = z.strictObject({
  company_id: Id.optional(),
  /** Substring of the action code. */
  action: z.string().trim().max(64).optional(),
  page: Page,
  size: Size,
});
export type AuditListRequest = z.infer<typeof AuditListRequest>;

const AuditPerson = z.object({ id: Id, name: z.string(), email: z.string() }).nullable();

export const AuditEntry = z.object({
  id: Id,
  company_id: Id,
  company_name: z.string(),
  added: UnixSeconds,
  user: AuditPerson,
  impersonator: AuditPerson,
  api_token_id: Id.nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditListResult = z.object({ items: z.array(AuditEntry), total: z.number().int() });
export type AuditListResult = z.infer<typeof AuditListResult>;

/** Root's /companies page: the companies, their users, the audit log, and signing in as a user. */
export const COMPANIES_ADMIN_API = {
  list: read('/api/companies/list', {
    body: AdminCompanyListRequest,
    result: AdminCompanyListResult,
    access: 'companies.manage',
  }),
  create: action('/api/companies/create', {
    body: CompanyCreateRequest,
    result: CompanyCreateResult,
    access: 'companies.manage',
    writable: false,
  }),
  block: action('/api/companies/block', {
    body: CompanyIdRequest,
    result: AdminCompany,
    access: 'companies.manage',
    writable: false,
  }),
  unblock: action('/api/companies/unblock', {
    body: CompanyIdRequest,
    result: AdminCompany,
    access: 'companies.manage',
    writable: false,
  }),
  delete: action('/api/companies/delete', {
    body: CompanyIdRequest,
    result: AdminCompany,
    access: 'companies.manage',
    writable: false,
  }),
  users: read('/api/companies/users', {
    body: CompanyIdRequest,
    result: CompanyUsersResult,
    access: 'companies.manage',
  }),
  auditList: read('/api/audit/list', { body: AuditListRequest, result: AuditListResult, access: 'companies.manage' }),
  impersonate: action('/api/users/impersonate', {
    body: ImpersonateRequest,
    result: LoginResult,
    access: 'users.impersonate',
    writable: false,
  }),
  // The impersonated company may be blocked: ending must still work.
  impersonateEnd: action('/api/users/impersonate/end', {
    body: EmptyBody,
    result: SessionCheckResult,
    access: 'userSession',
    writable: false,
  }),
} as const;
