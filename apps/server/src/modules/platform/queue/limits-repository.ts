import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';

/** Advisory-lock namespace of queue creation (the startup lock uses the one-key form). */
const QUEUE_CREATE_LOCK = 727_002;

/**
 * Serializes queue creation per company until the transaction ends, so two creations on any
 * processes cannot both see room under the limits and both insert.
 */
export async function lockCompanyQueue(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${QUEUE_CREATE_LOCK}::int, (${companyId}::bigint % 2147483647)::int)`,
  );
}

/** The company's running operations and the SIMs they have not finished yet. */
export async function runningLoad(tx: Tx, companyId: number): Promise<{ running: number; sims: number }> {
  const rows = await queryRows<{ running: number; sims: number }>(
    tx,
    sql`
    select count(*)::int as running,
      -- A report generation's count is rows, not SIMs.
      coalesce(sum(greatest(count - ok - fail, 0)) filter (where reason <> 'queue_report_generate'), 0)::int as sims
    from queue_items where company_id = ${companyId} and state = 'running'`,
  );
  return { running: Number(rows[0]?.running ?? 0), sims: Number(rows[0]?.sims ?? 0) };
}
