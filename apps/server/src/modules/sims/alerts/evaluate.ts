import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { UsageEvent } from '../../../network/events.js';
import type { StoredNotificationEvent } from '../../platform/notify/index.js';
import type { RecordedSimEvent } from '../events/index.js';
import { fireAlerts, type AlertCandidate } from './fire.js';
import type { RuleRow } from './repository.js';
import { companyRules } from './rules-cache.js';

const MIB = 1_048_576;
const USAGE_CONDITIONS = new Set(['data_mb', 'data_percent', 'sms_count']);

/** What a batch of the network sink carries that rules look at; evaluation appends to `events` and `notifications`. */
export interface AlertFeed {
  usage: UsageEvent[];
  /** The batch's event log entries (IMEI and network changes among them); the alerts' own are appended. */
  events: RecordedSimEvent[];
  /** The batch's notifications; the alerts' are appended, so the caller announces them with its own after the commit. */
  notifications: StoredNotificationEvent[];
  now?: Date;
}

interface SimFacts {
  groups: number[];
  labels: string[];
  monthBytes: number;
  monthSms: number;
  limitMb: number | null;
}

/**
 * The alert rules' share of the network sink, inside its transaction: only the SIMs of this batch,
 * against the rules of their companies (loaded once per batch, cached). One query for what the
 * SIMs' rules need (groups, labels, this month's totals) and one insert for the firings.
 */
export async function evaluateAlerts(tx: Executor, feed: AlertFeed): Promise<number> {
  const now = feed.now ?? new Date();
  const sims = new Map<string, { companyId: number; simId: number }>();
  for (const u of feed.usage) sims.set(`${u.companyId}:${u.simId}`, { companyId: u.companyId, simId: u.simId });
  const changes = feed.events.filter((e) => e.type === 'imei_change' || e.type === 'network_change');
  for (const e of changes) sims.set(`${e.companyId}:${e.simId}`, { companyId: e.companyId, simId: e.simId });
  if (sims.size === 0) return 0;
  const rulesOf = await companyRules(tx, [...new Set([...sims.values()].map((s) => s.companyId))]);
  const ruled = [...sims.values()].filter((s) => (rulesOf.get(s.companyId) ?? []).length > 0);
  if (ruled.length === 0) return 0;
  const facts = await simFacts(tx, ruled, rulesOf, now);
  const month = now.toISOString().slice(0, 7);
  const candidates: AlertCandidate[] = [];
  const usedSims = new Set(feed.usage.map((u) => `${u.companyId}:${u.simId}`));
  const targets = new Map([...rulesOf].map(([companyId, rules]) => [companyId, new RulesByTarget(rules)]));
  const rulesFor = (companyId: number, simId: number, fact: SimFacts) => targets.get(companyId)?.of(simId, fact) ?? [];
  for (const sim of ruled) {
    const key = `${sim.companyId}:${sim.simId}`;
    const fact = facts.get(key);
    if (!fact || !usedSims.has(key)) continue;
    for (const rule of rulesFor(sim.companyId, sim.simId, fact)) {
      if (!USAGE_CONDITIONS.has(rule.condition)) continue;
      const value = usageValue(rule, fact);
      if (value !== null) candidates.push({ rule, simId: sim.simId, period: month, value: String(value), at: now });
    }
  }
  for (const event of changes) {
    const fact = facts.get(`${event.companyId}:${event.simId}`);
    if (!fact) continue;
    for (const rule of rulesFor(event.companyId, event.simId, fact)) {
      const value = changeValue(rule, event);
      if (value !== null) candidates.push({ rule, simId: event.simId, period: `event:${event.id}`, value, at: event.at });
    }
  }
  const fired = await fireAlerts(tx, candidates);
  feed.events.push(...fired.events);
  feed.notifications.push(...fired.notifications);
  return fired.fired;
}

/**
 * A company's rules by what their scope names, so a SIM's rules are its own, its labels' and groups'
 * and the company's, found without walking the rest (a company may have a thousand rules, most of
 * them on one SIM each). The same rules `applies` takes in.
 */
class RulesByTarget {
  private readonly company: RuleRow[] = [];
  private readonly sim = new Map<number, RuleRow[]>();
  private readonly label = new Map<string, RuleRow[]>();
  private readonly group = new Map<number, RuleRow[]>();

  constructor(rules: RuleRow[]) {
    const add = <K>(map: Map<K, RuleRow[]>, key: K | null, rule: RuleRow) => {
      if (key === null) return;
      const list = map.get(key);
      if (list) list.push(rule);
      else map.set(key, [rule]);
    };
    for (const rule of rules) {
      if (rule.scope === 'company') this.company.push(rule);
      else if (rule.scope === 'sim') add(this.sim, rule.sim_id, rule);
      else if (rule.scope === 'label') add(this.label, rule.label, rule);
      else if (rule.scope === 'group') add(this.group, rule.group_id, rule);
    }
  }

  of(simId: number, fact: Pick<SimFacts, 'groups' | 'labels'>): RuleRow[] {
    return [
      ...this.company,
      ...(this.sim.get(simId) ?? []),
      ...fact.labels.flatMap((label) => this.label.get(label) ?? []),
      ...fact.groups.flatMap((group) => this.group.get(group) ?? []),
    ];
  }
}

/** Whether the rule's scope takes in this SIM. */
export function applies(rule: RuleRow, simId: number, fact: Pick<SimFacts, 'groups' | 'labels'>): boolean {
  switch (rule.scope) {
    case 'company':
      return true;
    case 'sim':
      return rule.sim_id === simId;
    case 'group':
      return rule.group_id !== null && fact.groups.includes(rule.group_id);
    case 'label':
      return rule.label !== null && fact.labels.includes(rule.label);
  }
}

/** The month's measure when it reached the rule's threshold, else null. */
export function usageValue(rule: RuleRow, fact: Pick<SimFacts, 'monthBytes' | 'monthSms' | 'limitMb'>): number | null {
  const threshold = rule.threshold ?? 0;
  if (threshold <= 0) return null;
  switch (rule.condition) {
    case 'data_mb':
      return fact.monthBytes >= threshold * MIB ? Math.floor(fact.monthBytes / MIB) : null;
    case 'data_percent': {
      if (!fact.limitMb) return null;
      const percent = (fact.monthBytes * 100) / (fact.limitMb * MIB);
      return percent >= threshold ? Math.floor(percent) : null;
    }
    case 'sms_count':
      return fact.monthSms >= threshold ? fact.monthSms : null;
    default:
      return null;
  }
}

/** The new IMEI, or the country entered (from another one), when the rule watches that change. */
export function changeValue(rule: RuleRow, event: RecordedSimEvent): string | null {
  const details = event.details ?? {};
  if (rule.condition === 'imei_change' && event.type === 'imei_change') return String(details.imei ?? '');
  if (rule.condition === 'country_enter' && event.type === 'network_change') {
    const country = typeof details.country === 'string' ? details.country.toUpperCase() : null;
    const previous = typeof details.previous_country === 'string' ? details.previous_country.toUpperCase() : null;
    return country && country === rule.country && previous !== country ? country : null;
  }
  return null;
}

/**
 * Groups and labels (only when a rule of the company is scoped so) and this month's data and SMS
 * (usage_daily, the batch already in it) of the batch's SIMs, in one statement. Labels are read from
 * sim_labels for the labels the rules name only (sims/labels answers one SIM at a time).
 */
export async function simFacts(tx: Executor, sims: Array<{ companyId: number; simId: number }>, rulesOf: Map<number, RuleRow[]>, now: Date): Promise<Map<string, SimFacts>> {
  const ruleList = [...rulesOf.values()].flat();
  const wantGroups = ruleList.some((r) => r.scope === 'group');
  const labels = [...new Set(ruleList.flatMap((r) => (r.scope === 'label' && r.label ? [r.label] : [])))];
  const monthStart = now.toISOString().slice(0, 8) + '01';
  const rows = await queryRows<{ company_id: number; sim_id: number; limit_mb: number | null; groups: number[] | null; labels: string[] | null; bytes: number | string; sms: number | string }>(
    tx,
    sql`
    select t.company_id, t.sim_id, s.limit_mb,
      ${wantGroups ? sql`array(select m.group_id::int from sim_group_members m where m.company_id = t.company_id and m.sim_id = t.sim_id)` : sql`null::int[]`} as groups,
      ${labels.length ? sql`array(select l.label from sim_labels l where l.company_id = t.company_id and l.sim_id = t.sim_id and l.label in (select jsonb_array_elements_text(${JSON.stringify(labels)}::jsonb)))` : sql`null::text[]`} as labels,
      m.bytes, m.sms
    from jsonb_to_recordset(${JSON.stringify(sims.map((s) => ({ company_id: s.companyId, sim_id: s.simId })))}::jsonb) as t(company_id bigint, sim_id bigint)
    join sims s on s.company_id = t.company_id and s.id = t.sim_id
    cross join lateral (
      select coalesce(sum(d.bytes_up + d.bytes_down), 0) as bytes, coalesce(sum(d.sms_in + d.sms_out), 0) as sms from usage_daily d
      where d.company_id = t.company_id and d.sim_id = t.sim_id and d.day >= ${monthStart}::date) m`,
  );
  return new Map(
    rows.map((r) => [
      `${r.company_id}:${r.sim_id}`,
      { groups: (r.groups ?? []).map(Number), labels: r.labels ?? [], monthBytes: Number(r.bytes), monthSms: Number(r.sms), limitMb: r.limit_mb },
    ]),
  );
}
