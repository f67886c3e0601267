import { sql, type SQL } from 'drizzle-orm';

/**
 * A SIM's month-to-date spend (cents), as SQL over its daily rollups: usage_daily holds the cost of
 * every data session, SMS and call on the day it happened (UTC), written with the record in one
 * transaction. The one source of the SIM page, diagnostics, the MSU cap and the network sinks — a
 * counter on the SIM row was a second one, an update of the wide row per batch, and a whole-table
 * reset every first of the month. `companyId` and `simId` name the SIM's columns in the caller's query.
 */
export function monthSpendCentsSql(companyId: SQL, simId: SQL): SQL {
  return sql`(select coalesce(sum(d.cost_cents), 0)::int from usage_daily d
    where d.company_id = ${companyId} and d.sim_id = ${simId} and d.day >= date_trunc('month', now() at time zone 'UTC')::date)`;
}

/** The same for a SIM of `sims s` whose spend matters only under an MSU cap (0 without one: no read). */
export const cappedMonthSpendCentsSql = (sims: string): SQL =>
  sql`case when ${sql.raw(sims)}.msu_cents is null then 0 else ${monthSpendCentsSql(sql.raw(`${sims}.company_id`), sql.raw(`${sims}.id`))} end`;
