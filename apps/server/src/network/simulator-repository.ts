import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';

/** How an applied operation changes the SIM's network state. */
export type StateEffect =
  /** Session ended, SIM offline (block, disconnect). */
  | 'detach'
  /** The SIM may come online; an existing session is kept (unblock). */
  | 'attach'
  /** The session is torn down and may be re-established (reconnect). */
  | 'reattach'
  /** The SIM answered: last seen now (ping). */
  | 'touch'
  | 'none';

/** One SIM of a batch with what the simulator decided before touching the database. */
export interface PlannedSim {
  simId: number;
  companyId: number;
  /** Set when the SIM fails for a reason known up front (validation, random network failure). */
  failReason: string | null;
  /** For attach/reattach: whether the SIM comes online. */
  comesOnline: boolean;
}

export interface ApplyBatchInput {
  operation: string;
  idempotencyPrefix: string;
  effect: StateEffect;
  /** Ping: an offline SIM fails with 'sim_offline'. */
  requireOnline: boolean;
  /** get_limit: answer the SIM's provisioned limit. */
  readLimit: boolean;
  sims: PlannedSim[];
}

/** A stored outcome: `result` is the reason when failed, else the JSON-encoded value (or null). */
export interface AppliedOpRow {
  simId: number;
  ok: boolean;
  result: string | null;
}

type RawOpRow = { sim_id: number | string; ok: boolean; result: string | null };
const toAppliedOp = (row: RawOpRow): AppliedOpRow => ({ simId: Number(row.sim_id), ok: row.ok, result: row.result });

/*
 * Each statement below is one INSERT … ON CONFLICT DO NOTHING RETURNING over the whole batch: the
 * keys it manages to insert are the SIMs this call applies, and only those get the state effect (a
 * data-modifying CTE over `claimed`). Keys that already existed are answered from the stored rows,
 * read from the statement's snapshot, so a repeat never applies twice.
 */
const EFFECT_SQL: Record<StateEffect, SQL | null> = {
  detach: sql`
    insert into sim_network_state as st (company_id, sim_id, online, session_started_at, updated_at)
    select d.company_id, d.sim_id, false, null, now() from applied d
    on conflict (company_id, sim_id) do update set online = false, session_started_at = null, updated_at = now()`,
  attach: sql`
    insert into sim_network_state as st (company_id, sim_id, online, last_seen_at, session_started_at, updated_at)
    select d.company_id, d.sim_id, d.comes_online,
           case when d.comes_online then now() end, case when d.comes_online then now() end, now()
    from applied d
    on conflict (company_id, sim_id) do update set
      online = st.online or excluded.online,
      last_seen_at = coalesce(excluded.last_seen_at, st.last_seen_at),
      session_started_at = case when st.online then st.session_started_at else excluded.session_started_at end,
      updated_at = now()`,
  reattach: sql`
    insert into sim_network_state as st (company_id, sim_id, online, last_seen_at, session_started_at, updated_at)
    select d.company_id, d.sim_id, d.comes_online,
           case when d.comes_online then now() end, case when d.comes_online then now() end, now()
    from applied d
    on conflict (company_id, sim_id) do update set
      online = excluded.online,
      last_seen_at = coalesce(excluded.last_seen_at, st.last_seen_at),
      session_started_at = excluded.session_started_at,
      updated_at = now()`,
  touch: sql`
    update sim_network_state st set last_seen_at = now(), updated_at = now()
    from applied d where st.company_id = d.company_id and st.sim_id = d.sim_id`,
  none: null,
};

export async function applyBatch(db: Executor, input: ApplyBatchInput): Promise<AppliedOpRow[]> {
  const planned = JSON.stringify(
    input.sims.map((s) => ({ sim_id: s.simId, company_id: s.companyId, fail_reason: s.failReason, comes_online: s.comesOnline })),
  );
  const effect = EFFECT_SQL[input.effect];
  const rows = await queryRows<RawOpRow>(
    db,
    sql`
    with input as (
      select i.sim_id, i.company_id, i.fail_reason, i.comes_online, ${input.idempotencyPrefix}::text || ':' || i.sim_id as key
      from jsonb_to_recordset(${planned}::jsonb) as i(sim_id bigint, company_id bigint, fail_reason text, comes_online boolean)
    ),
    decided as (
      select i.*,
        coalesce(i.fail_reason, case when ${input.requireOnline}::boolean and not coalesce(st.online, false) then 'sim_offline' end) as reason,
        case when ${input.readLimit}::boolean then coalesce(to_jsonb(s.limit_mb), 'null'::jsonb)::text end as value
      from input i
      left join sim_network_state st on st.company_id = i.company_id and st.sim_id = i.sim_id
      left join sims s on ${input.readLimit}::boolean and s.company_id = i.company_id and s.id = i.sim_id
    ),
    claimed as (
      insert into network_applied_ops (key, sim_id, operation, ok, result)
      select key, sim_id, ${input.operation}::text, reason is null, coalesce(reason, value) from decided
      on conflict (key) do nothing
      returning key, sim_id, ok, result
    ),
    applied as (select d.* from claimed c join decided d on d.key = c.key where c.ok)
    ${effect ? sql`, effect as (${effect} returning 1)` : sql``}
    select sim_id, ok, result from claimed
    union all
    select a.sim_id, a.ok, a.result from network_applied_ops a join input i on a.key = i.key`,
  );
  return rows.map(toAppliedOp);
}

/**
 * Stored outcomes of some SIMs of a request. Needed only when a concurrent call committed the same
 * keys after our statement's snapshot was taken: our insert skipped them, our snapshot missed them.
 */
export async function readAppliedOps(db: Executor, idempotencyPrefix: string, simIds: number[]): Promise<AppliedOpRow[]> {
  const keys = JSON.stringify(simIds.map((id) => `${idempotencyPrefix}:${id}`));
  const rows = await queryRows<RawOpRow>(
    db,
    sql`select sim_id, ok, result from network_applied_ops where key in (select jsonb_array_elements_text(${keys}::jsonb))`,
  );
  return rows.map(toAppliedOp);
}
