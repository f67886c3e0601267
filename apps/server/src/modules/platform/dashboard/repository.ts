import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

const ids = (companyIds: number[]) => sql`${`{${companyIds.join(',')}}`}::bigint[]`;

/** Delta rows of one company past which a read folds them (the hourly housekeeping folds the rest). */
const FOLD_AFTER_ROWS = 500;

/**
 * SIMs per block type of these companies, from the counts the database keeps (migration 0021), and
 * whether their delta rows have piled up enough to fold.
 */
export async function countSimsByBlockType(db: Executor, companyIds: number[]) {
  const rows = await queryRows<{ block_type: string; n: number; deltas: number }>(
    db,
    sql`
    select block_type, sum(n)::int as n, count(*)::int as deltas from sim_state_counts
    where company_id = any(${ids(companyIds)}) group by block_type`,
  );
  return { rows, foldDue: rows.reduce((sum, r) => sum + Number(r.deltas), 0) > FOLD_AFTER_ROWS * companyIds.length };
}

/**
 * Folds the count delta rows of these companies (of all when null) into one row per block type.
 * Safe beside writers and other folds: rows a concurrent statement adds are not deleted here, and a
 * row another fold already deleted is skipped.
 */
export async function compactSimStateCounts(db: Executor, companyIds: number[] | null): Promise<void> {
  const which = companyIds === null ? sql`true` : sql`company_id = any(${ids(companyIds)})`;
  await db.execute(sql`
    with folded as (delete from sim_state_counts where ${which} returning company_id, block_type, n)
    insert into sim_state_counts (company_id, block_type, n)
    select company_id, block_type, sum(n) from folded group by company_id, block_type having sum(n) <> 0`);
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
