import { SIM_ALERT_WEBHOOK_TYPE } from '@cab/contract/alerts';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { byCompany, eventForUsers, findActiveUsers, inEveryLang, storeNotificationEvents, type StoredNotificationEvent } from '../../platform/notify/index.js';
import { blockEvents, recordSimEvents, type NewSimEvent, type RecordedSimEvent } from '../events/index.js';
import type { RuleRow } from './repository.js';
import { firingSentence, firingText } from './texts.js';

/** A SIM that meets a rule's condition in a period; it fires unless it fired in that period before. */
export interface AlertCandidate {
  rule: RuleRow;
  simId: number;
  /** Which occurrence: '2026-11' (a month), 'event:123' (a change), 'silence:<unix>' (a silence). */
  period: string;
  value: string;
  at: Date;
}

export interface FiredAlerts {
  events: RecordedSimEvent[];
  notifications: StoredNotificationEvent[];
  fired: number;
}

/** The block an alert rule sets: the customer's own rule, so a voluntary block they may lift. */
const ALERT_BLOCK_TYPE = 'voluntary';

const firingKey = (ruleId: number, simId: number, period: string) => `${ruleId}:${simId}:${period}`;

/**
 * Inside the caller's transaction: writes the firings (the unique key keeps only the first of each
 * rule, SIM and period, under any concurrency), blocks the SIMs of block rules that are not blocked
 * yet, logs an `alert` event per firing and a `block` event per SIM it blocked, and stores a
 * notification (sim.alert on webhooks) per firing of a notifying rule. The caller announces the
 * returned events and notifications after its commit.
 */
export async function fireAlerts(tx: Executor, candidates: AlertCandidate[]): Promise<FiredAlerts> {
  if (candidates.length === 0) return { events: [], notifications: [], fired: 0 };
  const unique = new Map<string, AlertCandidate>();
  for (const c of candidates) unique.set(firingKey(c.rule.id, c.simId, c.period), unique.get(firingKey(c.rule.id, c.simId, c.period)) ?? c);
  const payload = [...unique.values()].map((c) => ({
    company_id: c.rule.company_id,
    rule_id: c.rule.id,
    rule_name: c.rule.name,
    condition: c.rule.condition,
    sim_id: c.simId,
    period: c.period,
    value: c.value,
    notified: c.rule.notify,
  }));
  const inserted = await queryRows<{ id: number; rule_id: number; sim_id: number; period: string }>(tx, sql`
    insert into alert_firings (company_id, rule_id, rule_name, condition, sim_id, period, value, actions)
    select company_id, rule_id, rule_name, condition, sim_id, period, value, jsonb_build_object('notified', notified, 'blocked', false)
    from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as t(company_id bigint, rule_id bigint, rule_name text, condition text,
      sim_id bigint, period text, value text, notified boolean)
    on conflict (company_id, rule_id, sim_id, period) do nothing
    returning id::int as id, rule_id::int as rule_id, sim_id::int as sim_id, period`);
  if (inserted.length === 0) return { events: [], notifications: [], fired: 0 };
  const fired = inserted.map((row) => ({ firingId: row.id, candidate: unique.get(firingKey(row.rule_id, row.sim_id, row.period))! }));
  const blocked = await blockSims(tx, fired);
  const iccids = await simIccids(tx, fired.map((f) => f.candidate));
  const events: NewSimEvent[] = [];
  for (const { firingId, candidate } of fired) {
    const { rule } = candidate;
    events.push({
      companyId: rule.company_id,
      simId: candidate.simId,
      type: 'alert',
      at: candidate.at,
      actor: { kind: 'alert_rule', label: rule.name },
      details: { rule_id: rule.id, firing_id: firingId, condition: rule.condition, value: candidate.value, threshold: rule.threshold, notified: rule.notify, blocked: blocked.get(firingId) !== undefined },
    });
  }
  for (const [, change] of blocked) events.push(...blockEvents([change.change], { kind: 'alert_rule', label: change.rule }, change.at, { reason: change.rule }));
  const recorded = await recordSimEvents(tx, events);
  const notifications = await notify(tx, fired, blocked, iccids);
  return { events: recorded, notifications, fired: fired.length };
}

/** Blocks each SIM once (the first block rule that fired for it names the reason); a blocked SIM stays as it is. */
async function blockSims(tx: Executor, fired: Array<{ firingId: number; candidate: AlertCandidate }>) {
  const bySim = new Map<string, { firingId: number; candidate: AlertCandidate }>();
  for (const f of fired) {
    if (!f.candidate.rule.block) continue;
    const key = `${f.candidate.rule.company_id}:${f.candidate.simId}`;
    if (!bySim.has(key)) bySim.set(key, f);
  }
  const result = new Map<number, { change: { companyId: number; simId: number; blockType: string; previous: string }; rule: string; at: Date }>();
  if (bySim.size === 0) return result;
  const targets = [...bySim.values()].map((f) => ({ company_id: f.candidate.rule.company_id, sim_id: f.candidate.simId, reason: f.candidate.rule.name, firing_id: f.firingId }));
  const rows = await queryRows<{ firing_id: number }>(tx, sql`
    update sims s set block_type = ${ALERT_BLOCK_TYPE}, block_reason = t.reason, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(targets)}::jsonb) as t(company_id bigint, sim_id bigint, reason text, firing_id bigint)
    where s.company_id = t.company_id and s.id = t.sim_id and s.block_type = 'none'
    returning t.firing_id::int as firing_id`);
  const byFiring = new Map([...bySim.values()].map((f) => [f.firingId, f.candidate]));
  for (const { firing_id } of rows) {
    const candidate = byFiring.get(firing_id)!;
    result.set(firing_id, {
      change: { companyId: candidate.rule.company_id, simId: candidate.simId, blockType: ALERT_BLOCK_TYPE, previous: 'none' },
      rule: candidate.rule.name,
      at: candidate.at,
    });
  }
  if (rows.length > 0) {
    await queryRows(tx, sql`
      update alert_firings f set actions = jsonb_set(f.actions, '{blocked}', 'true')
      from jsonb_to_recordset(${JSON.stringify(targets.filter((t) => result.has(t.firing_id)))}::jsonb) as t(company_id bigint, firing_id bigint)
      where f.company_id = t.company_id and f.id = t.firing_id`);
  }
  return result;
}

async function simIccids(tx: Executor, candidates: AlertCandidate[]): Promise<Map<number, string>> {
  const ids = [...new Set(candidates.map((c) => c.simId))];
  const rows = await queryRows<{ id: number; iccid: string }>(tx, sql`select id::int as id, iccid from sims where id = any(${`{${ids.join(',')}}`}::bigint[])`);
  return new Map(rows.map((r) => [r.id, r.iccid]));
}

async function notify(
  tx: Executor,
  fired: Array<{ firingId: number; candidate: AlertCandidate }>,
  blocked: Map<number, unknown>,
  iccids: Map<number, string>,
): Promise<StoredNotificationEvent[]> {
  const told = fired.filter((f) => f.candidate.rule.notify);
  if (told.length === 0) return [];
  const users = byCompany(await findActiveUsers(tx, [...new Set(told.map((f) => f.candidate.rule.company_id))]));
  return storeNotificationEvents(
    tx,
    told.map(({ firingId, candidate }) => {
      const { rule } = candidate;
      const iccid = iccids.get(candidate.simId) ?? String(candidate.simId);
      const isBlocked = blocked.has(firingId);
      return {
        ...eventForUsers(rule.company_id, users.get(rule.company_id) ?? [], {
          category: 'sim',
          type: 'warning',
          popup: true,
          link: `/sim/${candidate.simId}`,
          text: inEveryLang((lang) => firingText(rule.name, iccid, firingSentence(rule.condition, candidate.value, rule.threshold, lang), isBlocked, lang)),
        }),
        webhook: {
          type: SIM_ALERT_WEBHOOK_TYPE,
          key: 'alert',
          data: {
            firing_id: firingId,
            rule: { id: rule.id, name: rule.name },
            condition: rule.condition,
            threshold: rule.threshold,
            value: candidate.value,
            sim: { id: candidate.simId, iccid },
            blocked: isBlocked,
            at: candidate.at.toISOString(),
          },
        },
      };
    }),
  );
}
