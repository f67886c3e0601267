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

export interface NewBill {
  id: number;
  number: string;
  companyId: number;
  kind: 'topup' | 'order' | 'monthly';
  amountCents: number;
  orderId: number | null;
  createdBy: number;
}

/** The period of a non-monthly bill is its month of issue; its country is the company's. */
export async function insertBill(tx: Executor, bill: NewBill): Promise<void> {
  await queryRows(tx, sql`
    insert into bills (company_id, id, number, kind, status, amount_cents, period, country, order_id, created_by)
    select ${bill.companyId}, ${bill.id}, ${bill.number}, ${bill.kind}, 'unpaid', ${bill.amountCents},
           to_char(now() at time zone 'UTC', 'YYYY-MM'), c.country, ${bill.orderId}, ${bill.createdBy}
    from companies c where c.id = ${bill.companyId}`);
}

/**
 * Moves an unpaid bill to paid or cancelled. The row lock and the `status = 'unpaid'` recheck make a
 * second, concurrent call find nothing, so whatever follows the change happens once.
 */
export async function closeBill(tx: Executor, companyId: number, id: number, status: 'paid' | 'cancelled'): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`
    update bills set status = ${status},
      paid_at = case when ${status} = 'paid' then now() else paid_at end,
      cancelled_at = case when ${status} = 'cancelled' then now() else cancelled_at end
    where company_id = ${companyId} and id = ${id} and status = 'unpaid' returning id::int as id`);
  return rows.length > 0;
}
