import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

/**
 * Reserves the next bill id and its number "B-YYYY-NNNNNN" (year of issue, id zero-padded to six).
 * The number comes from the id sequence, so concurrent issuers never collide and no counter table
 * is needed; insert the bill with exactly this id. Shared by every module that issues bills.
 */
export async function allocateBillNumber(
  db: Executor,
  issuedAt: Date = new Date(),
): Promise<{ id: number; number: string }> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('bills', 'id')) as id`,
  );
  const id = Number(row?.id);
  if (!Number.isSafeInteger(id)) throw new Error('bill id sequence answered nothing');
  return { id, number: formatBillNumber(issuedAt.getUTCFullYear(), id) };
}

export function formatBillNumber(year: number, id: number): string {
  return `B-${year}-${String(id).padStart(6, '0')}`;
}
