import type { AlertCondition, AlertScope } from '@cab/contract/alerts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

/** A rule as evaluation and the API read it. */
export interface RuleRow {
  id: number;
  company_id: number;
  name: string;
  scope: AlertScope;
  sim_id: number | null;
  label: string | null;
  group_id: number | null;
  condition: AlertCondition;
  threshold: number | null;
  country: string | null;
  notify: boolean;
  block: boolean;
  enabled: boolean;
  created: number;
}

export interface RuleFields {
  name: string;
  scope: AlertScope;
  simId: number | null;
  label: string | null;
  groupId: number | null;
  condition: AlertCondition;
  threshold: number | null;
  country: string | null;
  notify: boolean;
  block: boolean;
  enabled: boolean;
}

const RULE_COLUMNS = sql`r.id::int as id, r.company_id::int as company_id, r.name, r.scope, r.sim_id::int as sim_id, r.label,
  r.group_id::int as group_id, r.condition, r.threshold, r.country, r.notify, r.block, r.enabled,
  extract(epoch from r.created_at)::int as created`;

/** The rules of these companies, enabled or all (the API lists paused ones too). */
export async function findRules(db: Executor, companyIds: number[], options: { enabledOnly: boolean }): Promise<RuleRow[]> {
  if (companyIds.length === 0) return [];
  return queryRows<RuleRow>(db, sql`
    select ${RULE_COLUMNS} from alert_rules r
    where r.company_id = any(${`{${companyIds.join(',')}}`}::bigint[]) ${options.enabledOnly ? sql`and r.enabled` : sql``}
    order by r.company_id, lower(r.name), r.id`);
}

export async function findRule(db: Executor, companyScope: SQL, id: number): Promise<RuleRow | undefined> {
  const rows = await queryRows<RuleRow>(db, sql`select ${RULE_COLUMNS} from alert_rules r where r.id = ${id} and ${companyScope}`);
  return rows[0];
}

/** Serializes one company's rule writes, so its count stays under the bound with parallel calls. */
export async function lockCompanyRules(db: Executor, companyId: number): Promise<void> {
  await queryRows(db, sql`select pg_advisory_xact_lock(hashtext('alert_rules'), ${companyId}::int)`);
}

export async function countRules(db: Executor, companyId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from alert_rules where company_id = ${companyId}`);
  return row?.n ?? 0;
}

/** Inserts the rule; undefined when the company has a rule of that name already. */
export async function insertRule(db: Executor, companyId: number, userId: number, f: RuleFields): Promise<number | undefined> {
  const rows = await queryRows<{ id: number }>(db, sql`
    insert into alert_rules (company_id, name, scope, sim_id, label, group_id, condition, threshold, country, notify, block, enabled, created_by)
    values (${companyId}, ${f.name}, ${f.scope}, ${f.simId}, ${f.label}, ${f.groupId}, ${f.condition}, ${f.threshold}, ${f.country},
            ${f.notify}, ${f.block}, ${f.enabled}, ${userId})
    on conflict (company_id, lower(name)) do nothing
    returning id::int as id`);
  return rows[0]?.id;
}

/** 'renamed_into_other' when another rule of the company has the new name. */
export async function updateRule(db: Executor, companyId: number, id: number, f: RuleFields): Promise<'ok' | 'missing' | 'name_taken'> {
  const taken = await queryRows(db, sql`select 1 from alert_rules where company_id = ${companyId} and lower(name) = lower(${f.name}) and id <> ${id}`);
  if (taken.length > 0) return 'name_taken';
  const rows = await queryRows(db, sql`
    update alert_rules set name = ${f.name}, scope = ${f.scope}, sim_id = ${f.simId}, label = ${f.label}, group_id = ${f.groupId},
      condition = ${f.condition}, threshold = ${f.threshold}, country = ${f.country}, notify = ${f.notify}, block = ${f.block},
      enabled = ${f.enabled}, updated_at = now()
    where company_id = ${companyId} and id = ${id} returning id`);
  return rows.length > 0 ? 'ok' : 'missing';
}

export async function deleteRule(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`delete from alert_rules where company_id = ${companyId} and id = ${id} returning id`);
  return rows.length > 0;
}

export async function simInCompany(db: Executor, companyId: number, simId: number): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from sims where company_id = ${companyId} and id = ${simId}`)).length > 0;
}

export async function groupInCompany(db: Executor, companyId: number, groupId: number): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from sim_groups where company_id = ${companyId} and id = ${groupId}`)).length > 0;
}

/** ICCIDs of the rules' SIMs and names of their groups, for the list. */
export async function ruleTargets(db: Executor, rules: RuleRow[]): Promise<{ sims: Map<number, string>; groups: Map<number, string> }> {
  const simIds = [...new Set(rules.flatMap((r) => (r.sim_id ? [r.sim_id] : [])))];
  const groupIds = [...new Set(rules.flatMap((r) => (r.group_id ? [r.group_id] : [])))];
  const sims = simIds.length
    ? await queryRows<{ id: number; iccid: string }>(db, sql`select id::int as id, iccid from sims where id = any(${`{${simIds.join(',')}}`}::bigint[])`)
    : [];
  const groups = groupIds.length
    ? await queryRows<{ id: number; name: string }>(db, sql`select id::int as id, name from sim_groups where id = any(${`{${groupIds.join(',')}}`}::bigint[])`)
    : [];
  return { sims: new Map(sims.map((s) => [s.id, s.iccid])), groups: new Map(groups.map((g) => [g.id, g.name])) };
}

export interface FiringRow {
  id: number;
  rule_id: number;
  rule_name: string;
  condition: AlertCondition;
  sim_id: number;
  iccid: string;
  at: number;
  value: string;
  actions: { notified: boolean; blocked: boolean };
}

export interface FiringFilter {
  companyScope: SQL;
  rule?: number;
  sim?: number;
  from?: number;
  to?: number;
}

function firingWhere(f: FiringFilter): SQL {
  return sql`${f.companyScope}
    ${f.rule ? sql`and f.rule_id = ${f.rule}` : sql``}
    ${f.sim ? sql`and f.sim_id = ${f.sim}` : sql``}
    ${f.from !== undefined ? sql`and f.created_at >= to_timestamp(${f.from})` : sql``}
    ${f.to !== undefined ? sql`and f.created_at < to_timestamp(${f.to})` : sql``}`;
}

/** Newest first, a page of them and the count (capped: a busy company's firings can be many). */
export async function listFirings(db: Executor, filter: FiringFilter, page: number, size: number): Promise<{ rows: FiringRow[]; total: number }> {
  const rows = await queryRows<FiringRow>(db, sql`
    select f.id::int as id, f.rule_id::int as rule_id, f.rule_name, f.condition, f.sim_id::int as sim_id, coalesce(s.iccid, '') as iccid,
           extract(epoch from f.created_at)::int as at, f.value, f.actions
    from alert_firings f left join sims s on s.company_id = f.company_id and s.id = f.sim_id
    where ${firingWhere(filter)}
    order by f.created_at desc, f.id desc limit ${size} offset ${page * size}`);
  const [count] = await queryRows<{ n: number }>(db, sql`
    select count(*)::int as n from (select 1 from alert_firings f where ${firingWhere(filter)} limit 100000) c`);
  return { rows, total: count?.n ?? 0 };
}
