import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { BlockChange } from '../events/index.js';

type Bigint = number | string;
const idArray = (simIds: number[]) => sql`${`{${simIds.join(',')}}`}::bigint[]`;

export interface ImeiLock {
  imei: string;
  block: boolean;
  since: Date;
}

/** The SIMs' locks, by SIM id (SIM ids are unique across companies). */
export async function findLocks(db: Executor, simIds: number[]): Promise<Map<number, ImeiLock>> {
  if (simIds.length === 0) return new Map();
  const rows = await queryRows<{ sim_id: Bigint; imei: string; block: boolean; created_at: Date | string }>(
    db,
    // Through sims (its id is unique) so the lock's key (company, SIM) is used.
    sql`select l.sim_id, l.imei, l.block, l.created_at from sims s
      join sim_imei_locks l on l.company_id = s.company_id and l.sim_id = s.id where s.id = any(${idArray(simIds)})`,
  );
  return new Map(rows.map((r) => [Number(r.sim_id), { imei: r.imei, block: r.block, since: new Date(r.created_at) }]));
}

/** The IMEI each SIM last used, as the network told it (sim_network_state); SIMs never seen are absent. */
export async function lastImeis(db: Executor, simIds: number[]): Promise<Map<number, string>> {
  if (simIds.length === 0) return new Map();
  const rows = await queryRows<{ sim_id: Bigint; imei: string }>(
    db,
    sql`select ns.sim_id, ns.imei from sims s
      join sim_network_state ns on ns.company_id = s.company_id and ns.sim_id = s.id where s.id = any(${idArray(simIds)}) and ns.imei is not null`,
  );
  return new Map(rows.map((r) => [Number(r.sim_id), r.imei]));
}

/**
 * Locks the SIMs to `imei`, or each to the IMEI it last used when none is given (a SIM never seen
 * keeps no lock: the run reported it as imei_unknown before). A new lock replaces the old one.
 */
export async function lockSims(db: Executor, simIds: number[], lock: { imei?: string; block: boolean; userId: number | null }): Promise<void> {
  if (simIds.length === 0) return;
  await db.execute(sql`
    insert into sim_imei_locks (company_id, sim_id, imei, block, created_by)
    select s.company_id, s.id, coalesce(${lock.imei ?? null}::text, ns.imei), ${lock.block}, ${lock.userId}
    from sims s left join sim_network_state ns on ns.company_id = s.company_id and ns.sim_id = s.id
    where s.id = any(${idArray(simIds)}) and coalesce(${lock.imei ?? null}::text, ns.imei) is not null
    on conflict (company_id, sim_id) do update
      set imei = excluded.imei, block = excluded.block, created_by = excluded.created_by, created_at = now()`);
}

export async function unlockSims(db: Executor, simIds: number[]): Promise<void> {
  if (simIds.length === 0) return;
  await db.execute(sql`delete from sim_imei_locks l using sims s where s.id = any(${idArray(simIds)}) and l.company_id = s.company_id and l.sim_id = s.id`);
}

/** Blocks the SIMs that are not blocked yet (a voluntary block the customer may lift), naming the lock as the reason. */
export async function blockSims(db: Executor, sims: { companyId: number; simId: number }[], reason: string): Promise<BlockChange[]> {
  if (sims.length === 0) return [];
  const targets = JSON.stringify(sims.map((s) => ({ company_id: s.companyId, sim_id: s.simId })));
  const rows = await queryRows<{ company_id: Bigint; id: Bigint }>(
    db,
    sql`update sims s set block_type = 'voluntary', block_reason = ${reason}, updated_at = now()
      from jsonb_to_recordset(${targets}::jsonb) as t(company_id bigint, sim_id bigint)
      where s.company_id = t.company_id and s.id = t.sim_id and s.block_type = 'none'
      returning s.company_id, s.id`,
  );
  return rows.map((r) => ({ companyId: Number(r.company_id), simId: Number(r.id), blockType: 'voluntary', previous: 'none' }));
}
