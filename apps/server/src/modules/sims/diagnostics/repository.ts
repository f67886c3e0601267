import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { monthSpendCentsSql } from '../../../db/month-spend.js';

/** What the cabinet itself knows of a SIM that can stop it from connecting. */
export interface SimFacts {
  blockType: string;
  blockReason: string | null;
  companyBlocked: boolean;
  balanceProblem: boolean;
  limitMb: number | null;
  monthBytes: number;
  msuCents: number | null;
  monthSpendCents: number;
  package: string | null;
  roamingPending: { mode: string; deadlineAt: Date } | null;
  lastFailure: { reason: string; operation: string; at: Date } | null;
}

type DateLike = Date | string;

/** One read of the SIM, its company, this month's data, a pending roaming change and its last failed operation. */
export async function readSimFacts(db: Executor, companyId: number, simId: number): Promise<SimFacts | null> {
  const [row] = await queryRows<{
    block_type: string;
    block_reason: string | null;
    company_blocked: boolean;
    balance_problem: boolean;
    limit_mb: number | null;
    month_bytes: string | number;
    msu_cents: number | null;
    month_spend_cents: number;
    package: string | null;
    roaming_mode: string | null;
    roaming_deadline: DateLike | null;
    failure_reason: string | null;
    failure_operation: string | null;
    failure_at: DateLike | null;
  }>(
    db,
    sql`
    select s.block_type, s.block_reason, c.blocked as company_blocked, c.balance_problem, s.limit_mb, s.msu_cents,
           ${monthSpendCentsSql(sql`s.company_id`, sql`s.id`)} as month_spend_cents, s.package,
           (select coalesce(sum(d.bytes_up + d.bytes_down), 0) from usage_daily d
             where d.company_id = s.company_id and d.sim_id = s.id and d.day >= date_trunc('month', now())::date) as month_bytes,
           r.pending_mode as roaming_mode, q.deadline_at as roaming_deadline,
           f.reason as failure_reason, f.operation as failure_operation, f.done_at as failure_at
      from sims s
      join companies c on c.id = s.company_id
      left join sim_roaming r on r.sim_id = s.id
      left join roaming_requests q on q.id = r.pending_request_id and q.applied_at is null
      left join lateral (
        select qr.reason, qi.reason as operation, qr.done_at
          from queue_results qr join queue_items qi on qi.company_id = qr.company_id and qi.id = qr.queue_id
         where qr.company_id = s.company_id and qr.sim_id = s.id and qr.status = 'fail'
         order by qr.queue_id desc limit 1) f on true
     where s.company_id = ${companyId} and s.id = ${simId}`,
  );
  if (!row) return null;
  return {
    blockType: row.block_type,
    blockReason: row.block_reason,
    companyBlocked: row.company_blocked,
    balanceProblem: row.balance_problem,
    limitMb: row.limit_mb,
    monthBytes: Number(row.month_bytes),
    msuCents: row.msu_cents,
    monthSpendCents: row.month_spend_cents,
    package: row.package,
    roamingPending: row.roaming_mode && row.roaming_deadline ? { mode: row.roaming_mode, deadlineAt: new Date(row.roaming_deadline) } : null,
    lastFailure:
      row.failure_reason && row.failure_operation && row.failure_at
        ? { reason: row.failure_reason, operation: row.failure_operation, at: new Date(row.failure_at) }
        : null,
  };
}
