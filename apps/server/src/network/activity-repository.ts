import type { NetworkState } from './adapter.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';
import { cappedMonthSpendCentsSql } from '../db/month-spend.js';

/** An active SIM picked for activity, with what the network last knew of it. */
export interface ActiveSimRow {
  companyId: number;
  simId: number;
  profile: string;
  roamingMode: string;
  roamingZones: string[];
  msuCents: number | null;
  monthSpendCents: number;
  online: boolean;
  imei: string | null;
  cell: string | null;
  rat: string | null;
  lastSeenAt: Date | null;
  sessionStartedAt: Date | null;
}

/** A SIM's new network state, as the adapter reports it, with its tenant. */
export type NetworkStateWrite = NetworkState & { companyId: number };

type Bigint = number | string;
const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** Smallest and largest SIM id (of one company when given); both ends of an index, so two index probes. */
export async function simIdRange(db: Executor, companyId?: number): Promise<{ min: number; max: number } | null> {
  const where = companyId === undefined ? sql`` : sql` where company_id = ${companyId}`;
  const [row] = await queryRows<{ min: Bigint | null; max: Bigint | null }>(db, sql`select min(id) as min, max(id) as max from sims${where}`);
  if (!row || row.min === null || row.max === null) return null;
  return { min: Number(row.min), max: Number(row.max) };
}

/** The SIMs among `ids` (of one company when given) that exist and are not blocked, joined with their network state. */
export async function findActiveSims(db: Executor, ids: number[], companyId?: number): Promise<ActiveSimRow[]> {
  const rows = await queryRows<{
    company_id: Bigint;
    id: Bigint;
    profile: string;
    roaming_mode: string | null;
    roaming_zones: string[] | null;
    msu_cents: number | null;
    month_spend_cents: number;
    online: boolean | null;
    imei: string | null;
    cell: string | null;
    rat: string | null;
    last_seen_at: Date | string | null;
    session_started_at: Date | string | null;
  }>(
    db,
    sql`
    select s.company_id, s.id, s.profile, s.msu_cents, ${cappedMonthSpendCentsSql('s')} as month_spend_cents,
           st.online, st.imei, st.cell, st.rat, st.last_seen_at, st.session_started_at,
           r.mode as roaming_mode, r.zones as roaming_zones
    from sims s
    left join sim_network_state st on st.company_id = s.company_id and st.sim_id = s.id
    left join sim_roaming r on r.sim_id = s.id
    where s.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
      and s.block_type = 'none'${companyId === undefined ? sql`` : sql` and s.company_id = ${companyId}`}`,
  );
  return rows.map((row) => ({
    companyId: Number(row.company_id),
    simId: Number(row.id),
    profile: row.profile,
    roamingMode: row.roaming_mode ?? 'off',
    roamingZones: row.roaming_zones ?? [],
    msuCents: row.msu_cents,
    monthSpendCents: row.month_spend_cents,
    online: row.online ?? false,
    imei: row.imei,
    cell: row.cell,
    rat: row.rat,
    lastSeenAt: toDate(row.last_seen_at),
    sessionStartedAt: toDate(row.session_started_at),
  }));
}

/**
 * Writes the new network state of many SIMs in one statement. A SIM blocked since it was sampled
 * is skipped, so activity never brings a freshly blocked SIM back online.
 */
export async function upsertNetworkStates(db: Executor, states: NetworkStateWrite[], now: Date): Promise<void> {
  if (states.length === 0) return;
  const payload = JSON.stringify(
    states.map((s) => ({
      company_id: s.companyId,
      sim_id: s.simId,
      online: s.online,
      last_seen_at: s.lastSeenAt?.toISOString() ?? null,
      imei: s.imei,
      cell: s.cell,
      rat: s.rat,
      session_started_at: s.sessionStartedAt?.toISOString() ?? null,
    })),
  );
  await db.execute(sql`
    insert into sim_network_state as st (company_id, sim_id, online, last_seen_at, imei, cell, rat, session_started_at, updated_at)
    select t.company_id, t.sim_id, t.online, t.last_seen_at, t.imei, t.cell, t.rat, t.session_started_at, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${payload}::jsonb) as t(
      company_id bigint, sim_id bigint, online boolean, last_seen_at timestamptz,
      imei text, cell text, rat text, session_started_at timestamptz)
    join sims s on s.company_id = t.company_id and s.id = t.sim_id and s.block_type = 'none'
    on conflict (company_id, sim_id) do update set
      online = excluded.online, last_seen_at = excluded.last_seen_at, imei = excluded.imei, cell = excluded.cell,
      rat = excluded.rat, session_started_at = excluded.session_started_at, updated_at = excluded.updated_at`);
}
