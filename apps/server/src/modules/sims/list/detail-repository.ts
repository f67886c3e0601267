import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { CompanyScope } from '../../accounts/companies/index.js';
import { monthSpendCentsSql } from '../../../db/month-spend.js';
import { SIM_LABELS_COLUMN, type SimListRow } from './repository.js';

export type SimDetailRow = SimListRow & { block_reason: string | null; m25_id: string | null; month_spend_cents: number; imsi: string | null };

const inScope = (scope: CompanyScope) => (scope ? sql`s.company_id in ${scope.length ? scope : [0]}` : sql`true`);

export async function findSim(db: Executor, scope: CompanyScope, id: number): Promise<SimDetailRow | undefined> {
  const rows = await queryRows<SimDetailRow>(db, sql`
    select s.id::int as id, s.iccid, s.msisdn, s.name, s.profile, s.block_type, s.company_id::int as company_id,
           c.name as company_name, s.msu_cents, s.package, s.limit_mb, s.balance_cents, s.external_id,
           extract(epoch from s.created_at)::int as added, s.block_reason, s.m25_id, ${monthSpendCentsSql(sql`s.company_id`, sql`s.id`)} as month_spend_cents, s.imsi,
           ${SIM_LABELS_COLUMN}
    from sims s join companies c on c.id = s.company_id
    where s.id = ${id} and ${inScope(scope)}`);
  return rows[0];
}

export async function findSimGroups(db: Executor, simId: number): Promise<Array<{ id: number; name: string }>> {
  return queryRows(db, sql`
    select g.id::int as id, g.name from sim_group_members m
    join sim_groups g on g.company_id = m.company_id and g.id = m.group_id
    where m.sim_id = ${simId} order by g.name`);
}

/**
 * The SIM's IMEI lock (sims/imei-lock keeps and enforces it). Read here, not through that module:
 * it logs through sims/events, which reads SIMs through this one.
 */
export async function findImeiLock(db: Executor, companyId: number, simId: number): Promise<{ imei: string; block: boolean; since: number } | null> {
  const [row] = await queryRows<{ imei: string; block: boolean; since: number }>(db, sql`
    select imei, block, extract(epoch from created_at)::int as since from sim_imei_locks where company_id = ${companyId} and sim_id = ${simId}`);
  return row ?? null;
}

export async function updateSim(
  db: Executor,
  id: number,
  changes: { name?: string | null; msuCents?: number | null; externalId?: string | null },
): Promise<void> {
  const sets = [
    changes.name !== undefined ? sql`name = ${changes.name}` : null,
    changes.msuCents !== undefined ? sql`msu_cents = ${changes.msuCents}` : null,
    changes.externalId !== undefined ? sql`external_id = ${changes.externalId}` : null,
  ].filter((s) => s !== null);
  if (sets.length === 0) return;
  await db.execute(sql`update sims set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
}

export interface UsageRow {
  id: number;
  kind: string;
  direction: string | null;
  started: number;
  bytes: number | null;
  seconds: number | null;
  text: string | null;
  cost_cents: number;
}

export async function listUsage(db: Executor, sim: { companyId: number; id: number }, kind: string | undefined, page: number, size: number) {
  const byKind = kind ? sql`and kind = ${kind}` : sql``;
  const [items, total] = await Promise.all([
    queryRows<UsageRow>(db, sql`
      select id::int as id, kind, direction, extract(epoch from started_at)::int as started, bytes::float8 as bytes, seconds, text, cost_cents
      from sim_usage where company_id = ${sim.companyId} and sim_id = ${sim.id} ${byKind}
      order by started_at desc, id desc limit ${size} offset ${page * size}`),
    queryRows<{ n: number }>(db, sql`
      select count(*)::int as n from sim_usage where company_id = ${sim.companyId} and sim_id = ${sim.id} ${byKind}`),
  ]);
  return { items, total: Number(total[0]?.n ?? 0) };
}
