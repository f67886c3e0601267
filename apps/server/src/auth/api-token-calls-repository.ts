import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';

export interface CountedCall {
  /** Calls of the token in the current window, this one included. */
  count: number;
  /** Whole seconds until the window ends (1–60), by the database's clock, which every process shares. */
  resetSeconds: number;
}

/**
 * Counts one call of a token in the current one-minute window, in one statement: the upsert is
 * atomic, so concurrent calls on any API process see each other's counts.
 */
export async function countTokenCall(db: Executor, companyId: number, tokenId: number): Promise<CountedCall> {
  const rows = await queryRows<{ count: number; reset: number }>(
    db,
    sql`
    insert into api_token_calls as c (company_id, token_id, window_start, count)
    values (${companyId}, ${tokenId}, date_bin(interval '1 minute', now(), timestamptz '2000-01-01 00:00:00+00'), 1)
    on conflict (company_id, token_id, window_start) do update set count = c.count + 1
    returning c.count, ceil(extract(epoch from c.window_start + interval '1 minute' - now()))::int as reset`,
  );
  const row = rows[0];
  return { count: Number(row?.count ?? 1), resetSeconds: Math.max(1, Number(row?.reset ?? 60)) };
}

/** Housekeeping: windows that ended over an hour ago tell nothing any more. */
export async function purgeOldTokenCalls(db: Executor): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`
    with gone as (delete from api_token_calls where window_start < now() - interval '1 hour' returning 1)
    select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}
