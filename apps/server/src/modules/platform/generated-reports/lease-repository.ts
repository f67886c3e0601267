import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

/**
 * The lease of a file being written: one worker at a time writes it, and keeps `claimed_at` fresh
 * while it does. A lease older than `staleSeconds` belongs to a worker that died (or lost its
 * database), and another worker may take the file over as a new attempt with a file key of its own.
 */

/**
 * Takes the file for `owner` as attempt `attempt + 1`, writing to `fileKey`: only while it is
 * still being written, its lease is free or stale, and nobody else took this attempt first.
 */
export async function claimReport(
  db: Executor,
  report: { companyId: number; id: number; attempts: number },
  owner: string,
  fileKey: string,
  staleSeconds: number,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    update generated_reports set claimed_by = ${owner}, claimed_at = now(), attempts = attempts + 1, file_key = ${fileKey}
    where company_id = ${report.companyId} and id = ${report.id} and state = 'writing' and attempts = ${report.attempts}
      and (claimed_at is null or claimed_at < now() - make_interval(secs => ${staleSeconds}))
    returning id`,
  );
  return rows.length > 0;
}

/** The owner's heartbeat; false once the lease is not its own any more (taken over, cancelled, done). */
export async function renewLease(db: Executor, companyId: number, id: number, owner: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    update generated_reports set claimed_at = now()
    where company_id = ${companyId} and id = ${id} and claimed_by = ${owner} and state = 'writing'
    returning id`,
  );
  return rows.length > 0;
}

/**
 * Files being written with no live writer: a stale lease, or never claimed that long after they
 * were created (the job was lost, or the file predates leases).
 */
export async function findStalledReports(
  db: Executor,
  staleSeconds: number,
  limit: number,
): Promise<Array<{ company_id: number; id: number }>> {
  return queryRows(
    db,
    sql`
    select company_id::int as company_id, id::int as id from generated_reports
    where state = 'writing' and (claimed_at < now() - make_interval(secs => ${staleSeconds})
      or (claimed_at is null and created_at < now() - make_interval(secs => ${staleSeconds})))
    order by claimed_at nulls first limit ${limit}`,
  );
}
