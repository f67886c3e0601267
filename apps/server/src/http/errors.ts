import { DEFAULT_LANG, LANGS, type Lang } from '@cab/contract/constants';
import type { ErrorBody, ErrorCode } from '@cab/contract/errors';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/connection-errors.js';
import { createErrorReporter } from '../db/outage-report.js';
import { ERROR_MESSAGES, FIELD_MESSAGES, fillTemplate } from './messages.js';

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
const RETRY_AFTER_SECONDS = 5;

export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  invalid_credentials: 401,
  unauthorized: 401,
  token_expired: 401,
  refresh_invalid: 401,
  forbidden: 403,
  company_blocked: 403,
  not_found: 404,
  conflict: 409,
  registration_unfinished: 424,
  rate_limited: 429,
  csv_empty: 400,
  csv_invalid: 400,
  csv_too_large: 400,
  sim_labels_too_many: 422,
  nothing_selected: 422,
  profile_not_allowed: 422,
  transfer_target_invalid: 422,
  group_name_taken: 409,
  wrong_password: 422,
  reset_link_invalid: 400,
  company_has_sims: 409,
  company_has_children: 409,
  company_protected: 409,
  company_tax_number_taken: 409,
  company_admin_email_taken: 409,
  impersonation_not_allowed: 403,
  impersonation_not_active: 400,
  email_taken: 409,
  company_exists: 409,
  phone_verification_failed: 422,
  registration_steps_missing: 422,
  registration_already_complete: 409,
  balance_change_invalid: 400,
  user_self_action: 422,
  last_admin: 409,
  order_status_invalid: 409,
  network_not_hlr: 409,
  bill_not_payable: 409,
  bill_amount_too_small: 422,
  balance_insufficient: 422,
  too_many_password_attempts: 429,
  queue_limit_reached: 429,
  global_unblock_empty_filter: 422,
  global_unblock_changed: 409,
  global_unblock_on_tools: 422,
  country_rule_exists: 409,
  alert_rule_exists: 409,
  alert_rules_too_many: 422,
  roaming_zones_required: 400,
  export_too_large: 413,
  sms_range_too_long: 400,
  sms_export_too_large: 413,
  audit_range_too_long: 400,
  audit_export_too_large: 413,
  second_factor_invalid: 400,
  second_factor_challenge_invalid: 401,
  second_factor_enabled: 409,
  second_factor_not_enrolled: 409,
  second_factor_required_by_company: 409,
  second_factor_enrol_first: 409,
  passkey_invalid: 401,
  passkey_ceremony_expired: 400,
  passkey_exists: 409,
  passkey_limit: 409,
  passkey_sign_in_again: 403,
  sso_not_available: 404,
  sso_state_invalid: 400,
  sso_failed: 400,
  sso_email_unverified: 403,
  sso_domain_not_allowed: 403,
  sso_account_elsewhere: 403,
  sso_account_disabled: 403,
  sso_issuer_unreachable: 400,
  sso_domain_taken: 409,
  nothing_to_retry: 409,
  retry_running: 409,
  idempotency_key_in_use: 409,
  idempotency_key_reused: 422,
  view_limit_reached: 409,
  view_name_taken: 409,
  report_filter_empty: 400,
  report_range_invalid: 400,
  report_range_too_long: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  image_invalid: 415,
  image_too_large: 413,
  faq_id_taken: 409,
  withdrawal_amount_invalid: 400,
  withdrawal_below_minimum: 422,
  withdrawal_over_balance: 422,
  request_state_invalid: 409,
  attachment_invalid: 422,
  attachment_too_large: 413,
  not_an_agent: 404,
  report_not_ready: 409,
  report_deleted: 410,
  report_expired: 410,
  report_cancelled: 410,
  report_failed: 410,
  radius_client_exists: 409,
  stock_file_empty: 422,
  stock_file_header: 422,
  stock_file_too_many_rows: 413,
  sim_edit_empty: 422,
  sim_edit_header: 422,
  sim_edit_too_many_lines: 413,
  sim_edit_nothing_matched: 422,
  stock_short: 409,
  report_schedules_limit: 409,
  internal: 500,
  service_unavailable: 503,
};

/** The one error type services throw; the handler maps it to status and a localized body. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Field name → which problem it has; localized when answered. */
    readonly fields?: Record<string, FieldProblem>,
    /** Values for the message's {placeholders}. */
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function requestLang(request: FastifyRequest): Lang {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  return LANGS.find((l) => l === lang) ?? DEFAULT_LANG;
}

export type FieldProblem = keyof typeof FIELD_MESSAGES;

export function errorBody(
  code: ErrorCode,
  lang: Lang,
  fields?: Record<string, string>,
  params?: Record<string, string | number>,
): ErrorBody {
  const message = fillTemplate(ERROR_MESSAGES[code][lang], params ?? {});
  return { message, code, ...(fields ? { fields } : {}) };
}

function localizeFields(fields: Record<string, FieldProblem> | undefined, lang: Lang): Record<string, string> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).map(([name, problem]) => [name, FIELD_MESSAGES[problem][lang]]));
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params?: { keys?: unknown };
}

/** Per-field messages keyed by the field's dotted path ("_" for the body as a whole). */
function fieldErrors(issues: readonly ValidationIssue[], lang: Lang): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys) fields[String(key)] = FIELD_MESSAGES.unknownField[lang];
      continue;
    }
    const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    const text = issue.keyword === 'too_big' ? FIELD_MESSAGES.tooLong : FIELD_MESSAGES.invalid;
    fields[name] ??= text[lang];
  }
  return fields;
}

export function registerErrorHandler(app: FastifyInstance): void {
  // One line per 10 s while the database is away, not one per request, and no query parameters.
  const reportOutage = createErrorReporter((message) => app.log.warn(message));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLang(request);
    if (error instanceof AppError) {
      return reply.code(error.status).send(errorBody(error.code, lang, localizeFields(error.fields, lang), error.params));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(errorBody('validation_failed', lang, fieldErrors(error.validation, lang)));
    }
    if (error.statusCode === 429) return reply.code(429).send(errorBody('rate_limited', lang));
    if (error.statusCode === 413) return reply.code(413).send(errorBody('payload_too_large', lang));
    if (error.statusCode === 415) return reply.code(415).send(errorBody('unsupported_media_type', lang));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large).
      return reply.code(error.statusCode).send(errorBody('bad_request', lang));
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (failover, restart): a passing state, not a bug; the pool reconnects.
      reportOutage(`${request.method} ${request.routeOptions.url ?? 'request'}`, error);
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(errorBody('service_unavailable', lang));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('internal', lang));
  });
}
