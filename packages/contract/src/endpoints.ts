import { AGENT_API } from './agents.js';
import { API_TOKENS_API } from './api-tokens.js';
import { COMPANIES_ADMIN_API } from './companies-admin.js';
import { COMPANY_API } from './company.js';
import { COMPANY_AUDIT_API } from './company-audit.js';
import { COMPANY_USERS_API } from './company-users.js';
import { NOTIFY_METHODS_API } from './notify-methods.js';
import { REGISTRATION_API } from './registration.js';
import { TOOLS_API } from './tools.js';
import { BILL_API } from './bills.js';
import { CONTENT_API } from './content.js';
import { DEPOSIT_API } from './deposit.js';
import { NEWS_API } from './news.js';
import { ORDER_API } from './orders.js';
import { GENERATED_REPORTS_API } from './generated-reports.js';
import { OPERATIONS_API } from './operations.js';
import { REPORTS_API } from './reports.js';
import { SIM_RULES_API } from './sim-rules.js';
import { SIM_TOOLS_API } from './sim-tools.js';
import { AUTH_API } from './auth.js';
import { COMPANIES_API } from './companies.js';
import { FORGOT_API } from './forgot.js';
import { GROUPS_API } from './groups.js';
import { ME_API } from './me.js';
import { NOTIFY_API } from './notify.js';
import { PROFILE_API } from './profile.js';
import { QUEUE_API } from './queue.js';
import { RADIUS_API } from './radius.js';
import { SIMS_API } from './sims.js';
import { SMS_MESSAGES_API } from './sms-messages.js';
import { SMS_INBOX_API } from './sms-inbox.js';
import { SIM_STOCK_API } from './sim-stock.js';
import { NETWORK_API } from './network.js';
import { SIM_DIAGNOSTICS_API } from './sim-diagnostics.js';
import { SIM_EVENTS_API } from './sim-events.js';
import { SIM_LABELS_API } from './sim-labels.js';
import { SIM_EDIT_API } from './sim-edit.js';
import { SIM_USAGE_API } from './sim-usage.js';
import { REPORT_SCHEDULES_API } from './report-schedules.js';
import { ALERTS_API } from './alerts.js';
import { TWO_FACTOR_API } from './two-factor.js';
import { SSO_API } from './sso.js';
import { PASSKEYS_API } from './passkeys.js';
import type { AnyEndpoint } from './endpoint.js';

/**
 * The endpoint registry: every group of endpoints the API serves. The access table
 * (route-access.ts) and the OpenAPI document are derived from it; the server refuses to start with
 * an endpoint here that no module registered.
 */
export const ENDPOINT_GROUPS = {
  agents: AGENT_API,
  company: COMPANY_API,
  companyAudit: COMPANY_AUDIT_API,
  twoFactor: TWO_FACTOR_API,
  sso: SSO_API,
  passkeys: PASSKEYS_API,
  companyUsers: COMPANY_USERS_API,
  apiTokens: API_TOKENS_API,
  notifyMethods: NOTIFY_METHODS_API,
  companiesAdmin: COMPANIES_ADMIN_API,
  registration: REGISTRATION_API,
  tools: TOOLS_API,
  orders: ORDER_API,
  bills: BILL_API,
  deposit: DEPOSIT_API,
  news: NEWS_API,
  content: CONTENT_API,
  operations: OPERATIONS_API,
  simTools: SIM_TOOLS_API,
  generatedReports: GENERATED_REPORTS_API,
  reports: REPORTS_API,
  simRules: SIM_RULES_API,
  auth: AUTH_API,
  forgot: FORGOT_API,
  me: ME_API,
  profile: PROFILE_API,
  companyScope: COMPANIES_API,
  notify: NOTIFY_API,
  queue: QUEUE_API,
  radius: RADIUS_API,
  sims: SIMS_API,
  smsMessages: SMS_MESSAGES_API,
  smsInbox: SMS_INBOX_API,
  groups: GROUPS_API,
  simStock: SIM_STOCK_API,
  network: NETWORK_API,
  simDiagnostics: SIM_DIAGNOSTICS_API,
  simEvents: SIM_EVENTS_API,
  simLabels: SIM_LABELS_API,
  simEdit: SIM_EDIT_API,
  simUsage: SIM_USAGE_API,
  reportSchedules: REPORT_SCHEDULES_API,
  alerts: ALERTS_API,
} as const;

// Typed explicitly: with more than one group, Object.values infers nothing from their union (any[]).
export const ENDPOINTS: readonly AnyEndpoint[] = Object.values<Readonly<Record<string, AnyEndpoint>>>(ENDPOINT_GROUPS).flatMap((group) =>
  Object.values<AnyEndpoint>(group),
);
