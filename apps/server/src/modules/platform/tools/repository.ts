import { count, desc } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { telephonySimulatorCalls } from '../../../db/schema-accounts.js';

/** The telephony simulator's latest calls, newest first. */
export async function listSimulatedCalls(db: Executor, size: number) {
  const rows = await db.select().from(telephonySimulatorCalls).orderBy(desc(telephonySimulatorCalls.id)).limit(size);
  const [total] = await db.select({ n: count() }).from(telephonySimulatorCalls);
  return { rows, total: total?.n ?? 0 };
}
