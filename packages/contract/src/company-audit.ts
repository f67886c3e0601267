import { z } from 'zod';
import { Id, UnixSeconds } from './common.js';
import { LANGS } from './constants.js';
import { file, read } from './endpoint.js';
import { ReportDate } from './reports.js';
import { EXPORT_FORMATS } from './sim-tools.js';

/**
 * The company's own audit log (issue 22.6), for its admins: who signed in and who failed to, every
 * operation, every change of settings, users, tokens, notification methods and alert rules, API
 * token calls, and the operator's impersonation of the company's users — as emnify shows it. Root
 * keeps the global log (companies-admin.ts). Rows are kept AUDIT_RETENTION_DAYS.
 */

export const AUDIT_RETENTION_DAYS = 366;
export const AUDIT_DEFAULT_DAYS = 30;
export const AUDIT_RANGE_MAX_DAYS = 366;
export const AUDIT_PAGE_SIZE_MAX = 100;
/** An export streams at most this many rows; a wider filter is refused (audit_export_too_large). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/**
 * Every action an audit row may name. The server's insertAudit takes only these, so a new action
 * cannot be written without a name here — and, through the web's labels test, in both languages.
 */
export const AUDIT_ACTIONS = [
  // Sign-in
  'login',
  'login_failed',
  'logout',
  'refresh_reuse_detected',
  'password_change',
  'second_factor_enable',
  'second_factor_disable',
  'second_factor_reset',
  'recovery_codes_renew',
  'passkey_add',
  'passkey_delete',
  'sso_settings_change',
  'sso_settings_delete',
  'password_reset',
  'password_reset_request',
  'sessions_revoke_others',
  'profile_update',
  'impersonation_start',
  'impersonation_end',
  'registration_start',
  'registration_finish',
  'registration_remove',
  'registration_company_check',
  // Users and tokens
  'user_create',
  'user_update',
  'user_block',
  'user_unblock',
  'user_delete',
  'user_password_send',
  'api_token_create',
  'api_token_revoke',
  'api_call',
  // Settings
  'company_create',
  'company_update',
  'company_delete',
  'company_block',
  'company_unblock',
  'financial_block',
  'financial_unblock',
  'notify_method_create',
  'notify_method_update',
  'notify_method_delete',
  'alert_rule_create',
  'alert_rule_update',
  'alert_rule_delete',
  'report_schedule_create',
  'report_schedule_update',
  'report_schedule_delete',
  'report_schedule_run',
  'view_create',
  'view_update',
  'view_delete',
  'group_create',
  'group_rename',
  'group_delete',
  // SIMs and operations
  'queue_create',
  'sim_update',
  'global_unblock',
  'roaming_change',
  'usage_burst',
  'report_generate',
  'report_cancel',
  'report_delete',
  // Money
  'order_create',
  'order_status',
  'order_cancel',
  'bill_create',
  'bill_cancel',
  'bill_paid',
  'bill_paid_from_balance',
  'balance_adjust',
  'withdrawal_create',
  'withdrawal_take',
  'withdrawal_ask',
  'withdrawal_answer',
  'withdrawal_pay',
  'withdrawal_confirm',
  'withdrawal_decline',
  'agent_assign',
  'agent_rate',
  // The operator's own work
  'portal_update',
  'network_settings_update',
  'radius_client_create',
  'radius_client_delete',
  'sim_stock_import',
  'country_rule_create',
  'country_rule_delete',
  'cabinet_version_set',
  'banner_publish',
  'banner_withdraw',
  'news_create',
  'news_update',
  'news_publish',
  'news_unpublish',
  'news_image_upload',
  'faq_create',
  'faq_update',
  'faq_delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const filterShape = {
  /** One user of the company: rows about them (as the actor). */
  user: Id.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: ReportDate.optional(),
  to: ReportDate.optional(),
};

export const CompanyAuditFilter = z.strictObject(filterShape);
export type CompanyAuditFilter = z.infer<typeof CompanyAuditFilter>;

/** Where the next page starts: the last row's time (µs since the epoch) and id, newest first. */
export const CompanyAuditCursor = z.string().regex(/^\d{1,17}:\d{1,16}$/);

export const CompanyAuditRequest = z.strictObject({
  ...filterShape,
  cursor: CompanyAuditCursor.optional(),
  size: z.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX),
});
export type CompanyAuditRequest = z.infer<typeof CompanyAuditRequest>;

const AuditPerson = z.object({ id: Id, name: z.string(), email: z.string() }).nullable();

export const CompanyAuditItem = z.object({
  id: Id,
  created: UnixSeconds,
  /** Who acted (or, for a failed sign-in, whose account was tried). */
  user: AuditPerson,
  /** The operator's root user acting as `user`. */
  impersonator: AuditPerson,
  /** The API token the call was made with. */
  api_token_id: Id.nullable(),
  action: z.enum(AUDIT_ACTIONS),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type CompanyAuditItem = z.infer<typeof CompanyAuditItem>;

export const CompanyAuditResult = z.object({
  items: z.array(CompanyAuditItem),
  /** The cursor of the next page; null on the last one. */
  next: CompanyAuditCursor.nullable(),
  /** The range searched, as resolved (the default range when none was given). */
  from: ReportDate,
  to: ReportDate,
});
export type CompanyAuditResult = z.infer<typeof CompanyAuditResult>;

/** The export's query: the list's filter as query-string values, plus the file format. */
export const CompanyAuditExportQuery = z.strictObject({
  ...filterShape,
  user: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  format: z.enum(EXPORT_FORMATS).default('csv'),
  lang: z.enum(LANGS).optional(),
});
export type CompanyAuditExportQuery = z.input<typeof CompanyAuditExportQuery>;

export const COMPANY_AUDIT_API = {
  list: read('/api/company/audit/list', { body: CompanyAuditRequest, result: CompanyAuditResult, access: 'audit.read' }),
  export: file('/api/company/audit/export', { query: CompanyAuditExportQuery, access: 'audit.read' }),
} as const;
