import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

const ids = (companyIds: number[]) => sql`${`{${companyIds.join(',')}}`}::bigint[]`;

/** SIMs per block type of these companies (an index-only scan of sims_company_block_idx). */
export async function countSimsByBlockType(db: Executor, companyIds: number[]) {
  return queryRows<{ block_type: string; n: number }>(
    db,
    sql`
    select block_type, count(*)::int as n from sims where company_id = any(${ids(companyIds)}) group by block_type`,
  );
}

/** Traffic (bytes) and cost (cents) per UTC day from `from` (YYYY-MM-DD) on, from the per-company daily rollups. */
export async function usagePerDay(db: Executor, companyIds: number[], from: string) {
  return queryRows<{ day: string; bytes: number; cost_cents: number }>(
    db,
    sql`
    select to_char(day, 'YYYY-MM-DD') as day, sum(bytes_up + bytes_down)::float8 as bytes, sum(cost_cents)::float8 as cost_cents
    from usage_daily_company
    where company_id = any(${ids(companyIds)}) and day >= ${from}::date
    group by day`,
  );
}
