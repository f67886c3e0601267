import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../src/db/client.js';

/**
 * API token calls are counted in fixed minutes of the database's clock. A test that needs several
 * calls in one window starts in a minute's first 45 seconds, waiting (at most 15 s) if it is later.
 */
export async function awaitFreshMinute(db: Executor): Promise<void> {
  const [row] = await queryRows<{ s: number }>(db, sql`select extract(second from clock_timestamp())::float8 as s`);
  const second = Number(row?.s ?? 0);
  if (second > 45) await new Promise((resolve) => setTimeout(resolve, (60 - second) * 1000 + 200));
}
