import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { UsageEvent } from '../../../network/events.js';

/*
 * Every write here is one statement over the whole batch (rows travel as one JSON parameter), so a
 * tick of thousands of events costs a handful of round trips.
 */

type Bigint = number | string;

export interface SimKey {
  companyId: number;
  simId: number;
}

export interface BlockedSim extends SimKey {
  iccid: string;
}

/** Something every active user of a company is told, in each user's language. */
export interface CompanyNotice {
  companyId: number;
  text: { ru: string; en: string };
  /** The page it is about (the SIM, or the list of MSU-blocked SIMs). */
  link?: string;
}

export async function insertUsage(db: Executor, events: UsageEvent[]): Promise<void> {
  if (events.length === 0) return;
  const payload = JSON.stringify(
    events.map((e) => ({
      company_id: e.companyId,
      sim_id: e.simId,
      kind: e.type,
      direction: e.type === 'data' ? null : e.direction,
      started_at: e.at.toISOString(),
      bytes: e.type === 'data' ? e.bytes : null,
      seconds: e.type === 'call' ? e.seconds : null,
      text: e.type === 'sms' ? e.text : null,
      cost_cents: e.costCents,
    })),
  );
  await db.execute(sql`
    insert into sim_usage (company_id, sim_id, kind, direction, started_at, bytes, seconds, text, cost_cents)
    select company_id, sim_id, kind, direction, started_at, bytes, seconds, text, cost_cents
    from jsonb_to_recordset(${payload}::jsonb) as t(
      company_id bigint, sim_id bigint, kind text, direction text, started_at timestamptz,
      bytes bigint, seconds integer, text text, cost_cents integer)`);
}

/** Sets the MSU block on SIMs not blocked yet; returns only those it changed, so a repeat notifies nobody. */
export async function blockForMsu(db: Executor, sims: SimKey[], reason: string): Promise<BlockedSim[]> {
  if (sims.length === 0) return [];
  const payload = JSON.stringify(sims.map((s) => ({ company_id: s.companyId, sim_id: s.simId })));
  const rows = await queryRows<{ company_id: Bigint; id: Bigint; iccid: string }>(
    db,
    sql`
    update sims s set block_type = 'msu', block_reason = ${reason}, updated_at = now()
    from jsonb_to_recordset(${payload}::jsonb) as t(company_id bigint, sim_id bigint)
    where s.company_id = t.company_id and s.id = t.sim_id and s.block_type = 'none'
    returning s.company_id, s.id, s.iccid`,
  );
  return rows.map((r) => ({ companyId: Number(r.company_id), simId: Number(r.id), iccid: r.iccid }));
}
