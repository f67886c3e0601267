import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { CompanyScope } from '../../accounts/companies/index.js';

/** The company of a SIM the scope may see (null: every company), or undefined. */
export async function findVisibleSimCompany(db: Executor, scope: CompanyScope, simId: number): Promise<number | undefined> {
  const inScope = scope ? sql`company_id in ${scope.length ? scope : [0]}` : sql`true`;
  const rows = await queryRows<{ company_id: number }>(db, sql`select company_id::int as company_id from sims where id = ${simId} and ${inScope}`);
  return rows[0]?.company_id;
}

export async function findSimLabels(db: Executor, companyId: number, simId: number): Promise<string[]> {
  const rows = await queryRows<{ label: string }>(db, sql`
    select label from sim_labels where company_id = ${companyId} and sim_id = ${simId} order by label`);
  return rows.map((row) => row.label);
}

/**
 * Holds the SIM's row until the transaction ends, so parallel additions to one SIM count its
 * labels one after another. False when the SIM has left the company meanwhile.
 */
export async function lockSim(db: Executor, companyId: number, simId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from sims where company_id = ${companyId} and id = ${simId} for update`);
  return rows.length > 0;
}

/** Serializes the creation of new labels in a company, so two cannot both pass its bound. */
export async function lockCompanyLabels(db: Executor, companyId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('sim_labels'), ${companyId}::int)`);
}

export async function labelInUse(db: Executor, companyId: number, label: string): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(db, sql`select 1 as n from sim_labels where company_id = ${companyId} and label = ${label} limit 1`);
  return rows.length > 0;
}

export async function insertSimLabel(db: Executor, companyId: number, simId: number, label: string): Promise<void> {
  await db.execute(sql`insert into sim_labels (company_id, label, sim_id) values (${companyId}, ${label}, ${simId}) on conflict do nothing`);
}

export async function deleteSimLabel(db: Executor, companyId: number, simId: number, label: string): Promise<void> {
  await db.execute(sql`delete from sim_labels where company_id = ${companyId} and sim_id = ${simId} and label = ${label}`);
}

/**
 * A company's distinct labels in order, up to `limit`: a skip scan of the key (one index probe per
 * label, however many SIMs carry each), not a read of every row.
 */
export async function companyLabels(db: Executor, companyId: number, limit: number): Promise<string[]> {
  const rows = await queryRows<{ label: string }>(db, sql`
    with recursive found(label, n) as (
      (select label, 1 from sim_labels where company_id = ${companyId} order by label limit 1)
      union all
      select next.label, found.n + 1 from found cross join lateral (
        select label from sim_labels where company_id = ${companyId} and label > found.label order by label limit 1) next
      where found.n < ${limit}
    )
    select label from found`);
  return rows.map((row) => row.label);
}

/** The distinct labels of several companies (a parent with its children, root over all), up to `limit`. */
export async function scopeLabels(db: Executor, scope: CompanyScope, limit: number): Promise<string[]> {
  if (scope?.length === 1 && scope[0] !== undefined) return companyLabels(db, scope[0], limit);
  const companies = scope ? sql`where company_id = any(${`{${scope.join(',')}}`}::bigint[])` : sql``;
  const rows = await queryRows<{ label: string }>(db, sql`select distinct label from sim_labels ${companies} order by label limit ${limit}`);
  return rows.map((row) => row.label);
}
