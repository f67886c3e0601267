import {
  ALERT_RULES_PER_COMPANY,
  type AlertFiringsRequest,
  type AlertFiringsResult,
  type AlertRule,
  type AlertRuleCreateRequest,
  type AlertRulesListResult,
  type AlertRuleUpdateRequest,
} from '@cab/contract/alerts';
import type { AuditAction } from '@cab/contract/company-audit';
import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.js';
import type { Db, Executor } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { resolveCompanyScope, type CompanyScope } from '../../accounts/companies/index.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import * as repo from './repository.js';
import { invalidateCompanyRules } from './rules-cache.js';

const scopeSql = (alias: string, scope: CompanyScope): SQL =>
  scope ? sql`${sql.raw(alias)}.company_id in ${scope.length ? scope : [0]}` : sql`true`;

/** Only the target the scope names is kept (a SIM id sent with scope "company" is dropped). */
function fieldsOf(input: Omit<AlertRuleUpdateRequest, 'id'>): repo.RuleFields {
  return {
    name: input.name.trim(),
    scope: input.scope,
    simId: input.scope === 'sim' ? (input.sim ?? null) : null,
    label: input.scope === 'label' ? (input.label?.trim() ?? null) : null,
    groupId: input.scope === 'group' ? (input.group ?? null) : null,
    condition: input.condition,
    threshold: ['imei_change', 'country_enter'].includes(input.condition) ? null : (input.threshold ?? null),
    country: input.condition === 'country_enter' ? (input.country ?? null) : null,
    notify: input.notify,
    block: input.block,
    enabled: input.enabled ?? true,
  };
}

/** The SIM or group a rule names must be the rule's company's own (another's answers 404). */
async function checkTarget(db: Db, companyId: number, fields: repo.RuleFields): Promise<void> {
  if (fields.simId !== null && !(await repo.simInCompany(db, companyId, fields.simId))) throw new AppError('not_found');
  if (fields.groupId !== null && !(await repo.groupInCompany(db, companyId, fields.groupId))) throw new AppError('not_found');
}

export async function listRules(db: Db, principal: Principal, company: number | undefined): Promise<AlertRulesListResult> {
  const scope = await resolveCompanyScope(db, principal, company === undefined ? undefined : [company], false);
  const companies = scope ?? [principal.companyId];
  const rules = await repo.findRules(db, companies, { enabledOnly: false });
  const targets = await repo.ruleTargets(db, rules);
  return { items: rules.map((rule) => toRule(rule, targets)), total: rules.length };
}

function toRule(rule: repo.RuleRow, targets: Awaited<ReturnType<typeof repo.ruleTargets>>): AlertRule {
  return {
    id: rule.id,
    company: rule.company_id,
    name: rule.name,
    scope: rule.scope,
    sim: rule.sim_id ? { id: rule.sim_id, iccid: targets.sims.get(rule.sim_id) ?? '' } : null,
    label: rule.label,
    group: rule.group_id ? { id: rule.group_id, name: targets.groups.get(rule.group_id) ?? '' } : null,
    condition: rule.condition,
    threshold: rule.threshold,
    country: rule.country,
    notify: rule.notify,
    block: rule.block,
    enabled: rule.enabled,
    created: rule.created,
  };
}

/** One rule per name in a company: ten identical parallel creates make one, the others answer 409. */
export async function createRule(db: Db, principal: Principal, input: AlertRuleCreateRequest): Promise<{ id: number }> {
  const scope = await resolveCompanyScope(db, principal, input.company === undefined ? undefined : [input.company], false);
  const companyId = scope?.[0] ?? principal.companyId;
  const fields = fieldsOf(input);
  await checkTarget(db, companyId, fields);
  const id = await db.transaction(async (tx) => {
    await repo.lockCompanyRules(tx, companyId);
    if ((await repo.countRules(tx, companyId)) >= ALERT_RULES_PER_COMPANY) throw new AppError('alert_rules_too_many', undefined, { max: ALERT_RULES_PER_COMPANY });
    const created = await repo.insertRule(tx, companyId, principal.userId, fields);
    if (created !== undefined) await auditRule(tx, principal, companyId, 'alert_rule_create', created, fields.name);
    return created;
  });
  if (id === undefined) throw new AppError('alert_rule_exists');
  invalidateCompanyRules(companyId);
  return { id };
}

/** A rule's change and its audit row commit together. */
async function auditRule(tx: Executor, principal: Principal, companyId: number, action: AuditAction, id: number, name: string): Promise<void> {
  await insertAudit(tx, { ...auditActor(principal), companyId, action, details: { id, name } });
}

async function visibleRule(db: Db, principal: Principal, id: number): Promise<repo.RuleRow> {
  const scope = await resolveCompanyScope(db, principal, undefined, true);
  const rule = await repo.findRule(db, scopeSql('r', scope), id);
  if (!rule) throw new AppError('not_found');
  return rule;
}

export async function updateRule(db: Db, principal: Principal, input: AlertRuleUpdateRequest): Promise<{ id: number }> {
  const rule = await visibleRule(db, principal, input.id);
  const fields = fieldsOf(input);
  await checkTarget(db, rule.company_id, fields);
  const outcome = await db.transaction(async (tx) => {
    const changed = await repo.updateRule(tx, rule.company_id, rule.id, fields);
    if (changed === 'ok') await auditRule(tx, principal, rule.company_id, 'alert_rule_update', rule.id, fields.name);
    return changed;
  });
  if (outcome === 'missing') throw new AppError('not_found');
  if (outcome === 'name_taken') throw new AppError('alert_rule_exists');
  invalidateCompanyRules(rule.company_id);
  return { id: rule.id };
}

/** Its firings stay listed under the name it had. */
export async function deleteRule(db: Db, principal: Principal, id: number): Promise<{ id: number }> {
  const rule = await visibleRule(db, principal, id);
  const deleted = await db.transaction(async (tx) => {
    if (!(await repo.deleteRule(tx, rule.company_id, rule.id))) return false;
    await auditRule(tx, principal, rule.company_id, 'alert_rule_delete', rule.id, rule.name);
    return true;
  });
  if (!deleted) throw new AppError('not_found');
  invalidateCompanyRules(rule.company_id);
  return { id };
}

export async function listFirings(db: Db, principal: Principal, request: AlertFiringsRequest): Promise<AlertFiringsResult> {
  const scope = await resolveCompanyScope(db, principal, request.company === undefined ? undefined : [request.company], request.company === undefined);
  const { rows, total } = await repo.listFirings(
    db,
    { companyScope: scopeSql('f', scope ?? [principal.companyId]), rule: request.rule, sim: request.sim, from: request.from, to: request.to },
    request.page,
    request.size,
  );
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      rule: { id: row.rule_id, name: row.rule_name },
      condition: row.condition,
      sim: { id: row.sim_id, iccid: row.iccid },
      at: row.at,
      value: row.value,
      actions: row.actions,
    })),
  };
}
