import { z } from 'zod';
import { Id, Page, UnixSeconds } from './common.js';
import { action, read } from './endpoint.js';
import { SimLabel } from './sim-labels.js';

/**
 * Alerts with actions (issue 25.4). A rule watches one SIM, a label's SIMs, a group's SIMs or the
 * whole company and fires once per SIM and period:
 * - data_mb / data_percent / sms_count: this month's data (MB, or % of the SIM's data limit) or SMS
 *   (sent and received) reached the threshold — once a month;
 * - no_traffic_days: nothing seen from the SIM for `threshold` days — once per silence;
 * - imei_change: the device's IMEI changed — once per change;
 * - country_enter: a session started in `country` coming from elsewhere — once per entry.
 * Actions: notify the company's notification methods with the SIM flag (a signed `sim.alert`
 * webhook, e-mail, Telegram, WhatsApp) and/or block the SIM (a voluntary block, the rule's name as
 * its reason; a SIM already blocked stays as it is).
 */
export const ALERT_SCOPES = ['sim', 'label', 'group', 'company'] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];

export const ALERT_CONDITIONS = ['data_mb', 'data_percent', 'sms_count', 'no_traffic_days', 'imei_change', 'country_enter'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** The conditions measured against a threshold, and the threshold's bounds for each. */
export const ALERT_THRESHOLD_BOUNDS: Partial<Record<AlertCondition, { min: number; max: number }>> = {
  data_mb: { min: 1, max: 10_000_000 },
  data_percent: { min: 1, max: 1000 },
  sms_count: { min: 1, max: 1_000_000 },
  no_traffic_days: { min: 1, max: 365 },
};

export const ALERT_RULE_NAME_MAX = 80;
export const ALERT_RULES_PER_COMPANY = 1000;
export const ALERT_FIRINGS_PAGE_MAX = 100;

/** The webhook event type of a firing (body: the notification fields plus `alert`). */
export const SIM_ALERT_WEBHOOK_TYPE = 'sim.alert';

const RuleName = z.string().trim().min(1).max(ALERT_RULE_NAME_MAX);
const Country = z.string().regex(/^[A-Z]{2}$/);

const ruleFields = {
  name: RuleName,
  scope: z.enum(ALERT_SCOPES),
  sim: Id.nullish(),
  label: SimLabel.nullish(),
  group: Id.nullish(),
  condition: z.enum(ALERT_CONDITIONS),
  threshold: z.number().int().min(1).max(10_000_000).nullish(),
  country: Country.nullish(),
  notify: z.boolean(),
  block: z.boolean(),
  enabled: z.boolean().default(true),
};

type RuleShape = {
  scope: AlertScope;
  sim?: number | null;
  label?: string | null;
  group?: number | null;
  condition: AlertCondition;
  threshold?: number | null;
  country?: string | null;
  notify: boolean;
  block: boolean;
};

/** The target its scope names, a threshold within its condition's bounds, a country for country_enter, some action. */
export function ruleProblems(rule: RuleShape): Array<{ path: string; message: 'required' | 'tooSmall' | 'tooBig' }> {
  const problems: Array<{ path: string; message: 'required' | 'tooSmall' | 'tooBig' }> = [];
  if (rule.scope === 'sim' && rule.sim == null) problems.push({ path: 'sim', message: 'required' });
  if (rule.scope === 'label' && !rule.label) problems.push({ path: 'label', message: 'required' });
  if (rule.scope === 'group' && rule.group == null) problems.push({ path: 'group', message: 'required' });
  const bounds = ALERT_THRESHOLD_BOUNDS[rule.condition];
  if (bounds) {
    if (rule.threshold == null) problems.push({ path: 'threshold', message: 'required' });
    else if (rule.threshold < bounds.min) problems.push({ path: 'threshold', message: 'tooSmall' });
    else if (rule.threshold > bounds.max) problems.push({ path: 'threshold', message: 'tooBig' });
  }
  if (rule.condition === 'country_enter' && !rule.country) problems.push({ path: 'country', message: 'required' });
  if (!rule.notify && !rule.block) problems.push({ path: 'notify', message: 'required' });
  return problems;
}

function checkRule(rule: RuleShape, ctx: z.RefinementCtx) {
  for (const problem of ruleProblems(rule)) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
}

export const AlertRuleCreateRequest = z
  .strictObject({ ...ruleFields, /** Root and parents: the company of their scope the rule belongs to. */ company: Id.optional() })
  .superRefine(checkRule);
export type AlertRuleCreateRequest = z.input<typeof AlertRuleCreateRequest>;

export const AlertRuleUpdateRequest = z.strictObject({ id: Id, ...ruleFields }).superRefine(checkRule);
export type AlertRuleUpdateRequest = z.input<typeof AlertRuleUpdateRequest>;

export const AlertRule = z.object({
  id: Id,
  company: Id,
  name: z.string(),
  scope: z.enum(ALERT_SCOPES),
  sim: z.object({ id: Id, iccid: z.string() }).nullable(),
  label: z.string().nullable(),
  group: z.object({ id: Id, name: z.string() }).nullable(),
  condition: z.enum(ALERT_CONDITIONS),
  threshold: z.number().int().nullable(),
  country: z.string().nullable(),
  notify: z.boolean(),
  block: z.boolean(),
  enabled: z.boolean(),
  created: UnixSeconds,
});
export type AlertRule = z.infer<typeof AlertRule>;

export const AlertRulesListRequest = z.strictObject({ company: Id.optional() }).nullish();
export const AlertRulesListResult = z.object({ items: z.array(AlertRule), total: z.number().int() });
export type AlertRulesListResult = z.infer<typeof AlertRulesListResult>;

export const AlertRuleIdRequest = z.strictObject({ id: Id });
export const AlertRuleIdResult = z.object({ id: Id });

export const AlertFiring = z.object({
  id: Id,
  rule: z.object({ id: Id, name: z.string() }),
  condition: z.enum(ALERT_CONDITIONS),
  sim: z.object({ id: Id, iccid: z.string() }),
  at: UnixSeconds,
  value: z.string(),
  actions: z.object({ notified: z.boolean(), blocked: z.boolean() }),
});
export type AlertFiring = z.infer<typeof AlertFiring>;

export const AlertFiringsRequest = z.strictObject({
  rule: Id.optional(),
  sim: Id.optional(),
  /** Unix seconds, inclusive. */
  from: UnixSeconds.min(0).max(4_102_444_800).optional(),
  /** Unix seconds, exclusive. */
  to: UnixSeconds.min(0).max(4_102_444_800).optional(),
  company: Id.optional(),
  page: Page.max(10_000),
  size: z.number().int().min(1).max(ALERT_FIRINGS_PAGE_MAX),
});
export type AlertFiringsRequest = z.infer<typeof AlertFiringsRequest>;
export const AlertFiringsResult = z.object({ items: z.array(AlertFiring), total: z.number().int() });
export type AlertFiringsResult = z.infer<typeof AlertFiringsResult>;

export const ALERTS_API = {
  rules: read('/api/alerts/rules/list', { body: AlertRulesListRequest, result: AlertRulesListResult, access: 'sims.read' }),
  create: action('/api/alerts/rules/create', { body: AlertRuleCreateRequest, result: AlertRuleIdResult, access: 'sims.operate', writable: true }),
  update: action('/api/alerts/rules/update', { body: AlertRuleUpdateRequest, result: AlertRuleIdResult, access: 'sims.operate', writable: true }),
  delete: action('/api/alerts/rules/delete', { body: AlertRuleIdRequest, result: AlertRuleIdResult, access: 'sims.operate', writable: true }),
  firings: read('/api/alerts/firings/list', { body: AlertFiringsRequest, result: AlertFiringsResult, access: 'sims.read' }),
} as const;
