import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

type Bigint = number | string;
type DateLike = Date | string;
const toDate = (value: DateLike): Date => new Date(value);

export interface SimRoamingRow {
  mode: string;
  zones: string[];
  pending: { mode: string; zones: string[]; requestedAt: Date; deadlineAt: Date } | null;
}

/** A SIM's roaming as the network applied it (off when never set) and its pending change. */
export async function findSimRoaming(db: Executor, simId: number): Promise<SimRoamingRow> {
  const rows = await queryRows<{
    mode: string;
    zones: string[];
    pending_mode: string | null;
    pending_zones: string[] | null;
    requested_at: DateLike | null;
    deadline_at: DateLike | null;
  }>(db, sql`
    select r.mode, r.zones, r.pending_mode, r.pending_zones, q.requested_at, q.deadline_at
    from sim_roaming r
    left join roaming_requests q on q.id = r.pending_request_id and q.applied_at is null
    where r.sim_id = ${simId}`);
  const row = rows[0];
  if (!row) return { mode: 'off', zones: [], pending: null };
  const pending =
    row.pending_mode && row.requested_at && row.deadline_at
      ? { mode: row.pending_mode, zones: row.pending_zones ?? [], requestedAt: toDate(row.requested_at), deadlineAt: toDate(row.deadline_at) }
      : null;
  return { mode: row.mode, zones: row.zones, pending };
}

export interface NewRoamingRequest {
  companyId: number;
  userId: number;
  mode: string;
  zones: string[];
  requestedAt: Date;
  dueAt: Date;
  deadlineAt: Date;
}

export async function insertRoamingRequest(db: Executor, request: NewRoamingRequest): Promise<number> {
  const rows = await queryRows<{ id: Bigint }>(db, sql`
    insert into roaming_requests (company_id, user_id, mode, zones, sim_count, requested_at, due_at, deadline_at)
    values (${request.companyId}, ${request.userId}, ${request.mode}, ${JSON.stringify(request.zones)}::jsonb, 0,
            ${request.requestedAt.toISOString()}::timestamptz, ${request.dueAt.toISOString()}::timestamptz,
            ${request.deadlineAt.toISOString()}::timestamptz)
    returning id`);
  return Number(rows[0]?.id);
}

/**
 * Marks the selected SIMs as waiting for the request (a newer request replaces an older pending one
 * for the same SIM); returns how many and, for one SIM, its ICCID.
 */
export async function markPending(
  db: Executor,
  request: { id: number; mode: string; zones: string[] },
  where: SQL,
  limit: number,
): Promise<{ count: number; iccid: string | null }> {
  const rows = await queryRows<{ n: number; iccid: string | null }>(db, sql`
    with chosen as (select s.company_id, s.id, s.iccid from sims s where ${where} limit ${limit + 1}),
    written as (
      insert into sim_roaming as r (company_id, sim_id, pending_request_id, pending_mode, pending_zones, updated_at)
      select company_id, id, ${request.id}, ${request.mode}, ${JSON.stringify(request.zones)}::jsonb, now() from chosen
      on conflict (sim_id) do update set
        company_id = excluded.company_id, pending_request_id = excluded.pending_request_id,
        pending_mode = excluded.pending_mode, pending_zones = excluded.pending_zones, updated_at = now()
      returning 1)
    select (select count(*)::int from written) as n, (select min(iccid) from chosen) as iccid`);
  return { count: Number(rows[0]?.n ?? 0), iccid: rows[0]?.iccid ?? null };
}

export async function setRequestSims(db: Executor, requestId: number, count: number, iccid: string | null): Promise<void> {
  await db.execute(sql`update roaming_requests set sim_count = ${count}, iccid = ${count === 1 ? iccid : null} where id = ${requestId}`);
}

export interface DueRoamingRequest {
  companyId: number;
  id: number;
  mode: string;
  zones: string[];
  simCount: number;
  iccid: string | null;
}

/** Requests due by `now`, locked so two workers never apply the same one; at most `limit`. */
export async function claimDueRequests(db: Executor, now: Date, limit: number): Promise<DueRoamingRequest[]> {
  const rows = await queryRows<{ company_id: Bigint; id: Bigint; mode: string; zones: string[]; sim_count: number; iccid: string | null }>(db, sql`
    select company_id, id, mode, zones, sim_count, iccid from roaming_requests
    where applied_at is null and due_at <= ${now.toISOString()}::timestamptz
    order by due_at limit ${limit}
    for update skip locked`);
  return rows.map((r) => ({ companyId: Number(r.company_id), id: Number(r.id), mode: r.mode, zones: r.zones, simCount: r.sim_count, iccid: r.iccid }));
}

/** Applies a request to the SIMs still waiting for it; returns the SIM ids it changed. */
export async function applyRequest(db: Executor, requestId: number, now: Date): Promise<number[]> {
  const rows = await queryRows<{ sim_id: Bigint }>(db, sql`
    update sim_roaming set mode = pending_mode, zones = coalesce(pending_zones, '[]'::jsonb),
      pending_request_id = null, pending_mode = null, pending_zones = null, updated_at = now()
    where pending_request_id = ${requestId}
    returning sim_id`);
  await db.execute(sql`update roaming_requests set applied_at = ${now.toISOString()}::timestamptz where id = ${requestId}`);
  return rows.map((r) => Number(r.sim_id));
}
