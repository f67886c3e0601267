import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

/** A SIM the HLR should hold, as the cabinet sees it. */
export interface ProvisionedSim {
  simId: number;
  iccid: string;
  imsi: string;
  msisdn: string;
  blocked: boolean;
}

/** SIMs with an IMSI, in id order after `afterId`: the reconcile's pages. */
export async function simsWithImsi(db: Executor, afterId: number, limit: number): Promise<ProvisionedSim[]> {
  const rows = await queryRows<{ id: string | number; iccid: string; imsi: string; msisdn: string; blocked: boolean }>(
    db,
    sql`select id, iccid, imsi, msisdn, block_type <> 'none' as blocked
        from sims where imsi is not null and id > ${afterId} order by id limit ${limit}`,
  );
  return rows.map((row) => ({ simId: Number(row.id), iccid: row.iccid, imsi: row.imsi, msisdn: row.msisdn, blocked: row.blocked }));
}

export interface ReconcileTotals {
  checked: number;
  created: number;
  corrected: number;
  failed: number;
  changes: Array<Record<string, string>>;
}

export async function startReconcileRecord(db: Executor, trigger: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`insert into hlr_reconciles (trigger) values (${trigger}) returning id`);
  if (!row) throw new Error('reconcile record not inserted');
  return row.id;
}

/** Saves the totals so far; `finished` closes the record (with the error that ended it, if any). */
export async function saveReconcileRecord(
  db: Executor,
  id: number,
  totals: ReconcileTotals,
  end: { finished: boolean; error?: string | null },
): Promise<void> {
  await db.execute(sql`
    update hlr_reconciles
       set checked = ${totals.checked}, created = ${totals.created}, corrected = ${totals.corrected}, failed = ${totals.failed},
           changes = ${JSON.stringify(totals.changes)}::jsonb, error = ${end.error ?? null},
           finished_at = case when ${end.finished}::boolean then now() end
     where id = ${id}`);
}

export interface ReconcileRecord extends ReconcileTotals {
  id: number;
  trigger: string;
  startedAt: Date;
  finishedAt: Date | null;
  error: string | null;
}

export async function lastReconcileRecord(db: Executor): Promise<ReconcileRecord | null> {
  const [row] = await queryRows<{
    id: number;
    trigger: string;
    created_at: Date | string;
    finished_at: Date | string | null;
    checked: number;
    created: number;
    corrected: number;
    failed: number;
    changes: Array<Record<string, string>>;
    error: string | null;
  }>(db, sql`select * from hlr_reconciles order by id desc limit 1`);
  if (!row) return null;
  return {
    id: row.id,
    trigger: row.trigger,
    startedAt: new Date(row.created_at),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
    checked: row.checked,
    created: row.created,
    corrected: row.corrected,
    failed: row.failed,
    changes: row.changes,
    error: row.error,
  };
}
