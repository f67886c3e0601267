import { count, desc, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { telephonySimulatorCalls } from '../../../db/schema-accounts.js';

/** The telephony simulator's latest calls, newest first. */
export async function listSimulatedCalls(db: Executor, size: number) {
  const rows = await db.select().from(telephonySimulatorCalls).orderBy(desc(telephonySimulatorCalls.id)).limit(size);
  const [total] = await db.select({ n: count() }).from(telephonySimulatorCalls);
  return { rows, total: total?.n ?? 0 };
}

/** SIMs matching `where`, counted by block type. */
export async function countByBlockType(db: Executor, where: SQL): Promise<Array<{ block_type: string; n: number }>> {
  return queryRows<{ block_type: string; n: number }>(db, sql`
    select s.block_type, count(*)::int as n from sims s where ${where} group by s.block_type`);
}

/** How many companies the SIMs matching `where` belong to. */
export async function countCompanies(db: Executor, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(distinct s.company_id)::int as n from sims s where ${where}`);
  return Number(row?.n ?? 0);
}
