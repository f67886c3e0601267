import { z } from 'zod';
import { SessionCheckResult } from './auth.js';
import { Email, Id } from './common.js';
import { action, read } from './endpoint.js';
import { PHONE_PATTERN } from './profile.js';

/** Roles a company admin may give (root and agent are platform roles, not given here). */
export const COMPANY_USER_ROLES = ['admin', 'manager', 'viewer'] as const;
export type CompanyUserRole = (typeof COMPANY_USER_ROLES)[number];

export const CompanyUser = z.object({
  id: Id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  role_title: z.string(),
  active: z.boolean(),
  self: z.boolean(),
});
export type CompanyUser = z.infer<typeof CompanyUser>;

export const CompanyUsersListRequest = z.strictObject({ company_id: Id });
export const CompanyUsersListResult = z.object({ items: z.array(CompanyUser), total: z.number().int() });
export type CompanyUsersListResult = z.infer<typeof CompanyUsersListResult>;

const userFields = {
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  phone: z.string().trim().regex(PHONE_PATTERN).nullable(),
  role: z.enum(COMPANY_USER_ROLES),
};

export const CompanyUserCreateRequest = z.strictObject({ company_id: Id, email: Email, ...userFields });
export type CompanyUserCreateRequest = z.infer<typeof CompanyUserCreateRequest>;

export const CompanyUserUpdateRequest = z.strictObject({ id: Id, email: Email, ...userFields });
export type CompanyUserUpdateRequest = z.infer<typeof CompanyUserUpdateRequest>;

/** block, unblock, delete, send a new password. */
export const CompanyUserIdRequest = z.strictObject({ id: Id });
export type CompanyUserIdRequest = z.infer<typeof CompanyUserIdRequest>;

/** Length of the generated passwords that are mailed to users. */
export const GENERATED_PASSWORD_LENGTH = 12;

/** `mail_sent` false: the change is saved but the mail did not leave; the admin may send it again. */
export const CompanyUserCreateResult = z.object({ user: CompanyUser, mail_sent: z.boolean() });
export type CompanyUserCreateResult = z.infer<typeof CompanyUserCreateResult>;

export const MailSentResult = z.object({ mail_sent: z.boolean() });
export type MailSentResult = z.infer<typeof MailSentResult>;

/** A company's users, managed by its admin (root: any company's). */
export const COMPANY_USERS_API = {
  list: read('/api/company/users/list', {
    body: CompanyUsersListRequest,
    result: CompanyUsersListResult,
    access: 'users.manage',
  }),
  create: action('/api/company/users/create', {
    body: CompanyUserCreateRequest,
    result: CompanyUserCreateResult,
    access: 'users.manage',
    writable: true,
  }),
  update: action('/api/company/users/update', {
    body: CompanyUserUpdateRequest,
    result: CompanyUser,
    access: 'users.manage',
    writable: true,
  }),
  block: action('/api/company/users/block', {
    body: CompanyUserIdRequest,
    result: SessionCheckResult,
    access: 'users.manage',
    writable: true,
  }),
  unblock: action('/api/company/users/unblock', {
    body: CompanyUserIdRequest,
    result: SessionCheckResult,
    access: 'users.manage',
    writable: true,
  }),
  delete: action('/api/company/users/delete', {
    body: CompanyUserIdRequest,
    result: SessionCheckResult,
    access: 'users.manage',
    writable: true,
  }),
  sendPassword: action('/api/company/users/send_password', {
    body: CompanyUserIdRequest,
    result: MailSentResult,
    access: 'users.manage',
    writable: true,
  }),
} as const;
