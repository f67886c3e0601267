import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { announceNotificationEvents, } from '../../platform/notify/index.js';
import { announceSimEvents, type SimEventPublisher } from '../events/index.js';
import { applies, simFacts } from './evaluate.js';
import { fireAlerts, type AlertCandidate } from './fire.js';
import { companyRules } from './rules-cache.js';
import type { RuleRow } from './repository.js';

const DAY_MS = 86_400_000;

/**
 * "No traffic for N days", the one condition that needs time to pass: run once a day, it looks only
 * at SIMs last seen between N+1 and N days ago (one range of sim_network_state_last_seen_idx per N
 * the rules use), never at every SIM. A silence fires once (its period is the last-seen time), so a
 * repeated run the same day fires nothing twice.
 */
export async function checkSilentSims(db: Db, bus: SimEventPublisher & Parameters<typeof announceNotificationEvents>[0], now = new Date()): Promise<number> {
  const rules = await queryRows<{ company_id: number; threshold: number }>(db, sql`
    select distinct company_id::int as company_id, threshold from alert_rules where enabled and condition = 'no_traffic_days' and threshold is not null`);
  const companiesByDays = new Map<number, number[]>();
  for (const r of rules) companiesByDays.set(r.threshold, [...(companiesByDays.get(r.threshold) ?? []), r.company_id]);
  let fired = 0;
  for (const [days, companies] of companiesByDays) {
    const to = new Date(now.getTime() - days * DAY_MS);
    const from = new Date(to.getTime() - DAY_MS);
    const silent = await queryRows<{ company_id: number; sim_id: number; seen: number }>(db, sql`
      select n.company_id::int as company_id, n.sim_id::int as sim_id, extract(epoch from n.last_seen_at)::bigint as seen
      from sim_network_state n
      where n.last_seen_at >= ${from.toISOString()}::timestamptz and n.last_seen_at < ${to.toISOString()}::timestamptz
        and n.company_id in ${companies}`);
    if (silent.length === 0) continue;
    const rulesOf = await companyRules(db, companies);
    const facts = await simFacts(db, silent.map((s) => ({ companyId: s.company_id, simId: s.sim_id })), rulesOf, now);
    const candidates: AlertCandidate[] = [];
    for (const sim of silent) {
      const fact = facts.get(`${sim.company_id}:${sim.sim_id}`);
      if (!fact) continue;
      const matching = (rulesOf.get(sim.company_id) ?? []).filter((r: RuleRow) => r.condition === 'no_traffic_days' && r.threshold === days && applies(r, sim.sim_id, fact));
      for (const rule of matching) candidates.push({ rule, simId: sim.sim_id, period: `silence:${sim.seen}`, value: String(days), at: now });
    }
    const result = await db.transaction((tx) => fireAlerts(tx, candidates));
    await announceSimEvents(bus, result.events);
    await announceNotificationEvents(bus, result.notifications);
    fired += result.fired;
  }
  return fired;
}
