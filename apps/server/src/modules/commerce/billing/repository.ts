import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

export interface BillableCompany {
  id: number;
}

/** Live companies of a billing type (1 prepay, 2 postpay) that finished registration. */
export async function listBillableCompanies(db: Executor, billingType: 1 | 2): Promise<BillableCompany[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select id::int as id from companies
    where billing_type = ${billingType} and deleted_at is null and registration_complete
    order by id`,
  );
  return rows.map((r) => ({ id: Number(r.id) }));
}

/** Prepay companies whose balance has run out: the ones the financial block may have to act on. */
export async function listCompaniesInBalanceProblem(db: Executor): Promise<BillableCompany[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select id::int as id from companies where billing_type = 1 and balance_problem and deleted_at is null order by id`,
  );
  return rows.map((r) => ({ id: Number(r.id) }));
}

/**
 * Claims a billing run. Answers false when the (company, kind, period) run is already recorded;
 * a concurrent claimer waits on the key until the first commits, then gets false too.
 */
export async function claimBillingRun(
  db: Executor,
  run: { companyId: number; kind: 'daily' | 'monthly'; period: string },
): Promise<boolean> {
  const rows = await queryRows<{ company_id: number }>(
    db,
    sql`
    insert into billing_runs (company_id, kind, period) values (${run.companyId}, ${run.kind}, ${run.period})
    on conflict do nothing returning company_id`,
  );
  return rows.length > 0;
}

export async function setBillingRunAmount(
  db: Executor,
  run: { companyId: number; kind: 'daily' | 'monthly'; period: string },
  amountCents: number,
): Promise<void> {
  await db.execute(sql`
    update billing_runs set amount_cents = ${amountCents}
    where company_id = ${run.companyId} and kind = ${run.kind} and period = ${run.period}`);
}

/** Active SIMs are the unblocked ones: a blocked SIM (for any reason) carries no fee. */
export async function countActiveSims(db: Executor, companyId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from sims where company_id = ${companyId} and block_type = 'none'`,
  );
  return Number(row?.n ?? 0);
}

/** Cost of the company's usage records started in [from, to). */
export async function sumUsageCents(db: Executor, companyId: number, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ cents: string | number | null }>(
    db,
    sql`
    select coalesce(sum(cost_cents), 0) as cents from sim_usage
    where company_id = ${companyId} and started_at >= ${from.toISOString()}::timestamptz and started_at < ${to.toISOString()}::timestamptz`,
  );
  return Number(row?.cents ?? 0);
}

export async function insertMonthlyBill(
  db: Executor,
  bill: { companyId: number; id: number; number: string; amountCents: number; period: string },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    insert into bills (company_id, id, number, kind, status, amount_cents, period)
    values (${bill.companyId}, ${bill.id}, ${bill.number}, 'monthly', 'unpaid', ${bill.amountCents}, ${bill.period})
    on conflict do nothing returning id`,
  );
  return rows.length > 0;
}

/** The users told of the company's billing events: its active admins, else every active user. */
export async function findBillingRecipients(
  db: Executor,
  companyId: number,
): Promise<Array<{ id: number; lang: string }>> {
  const rows = await queryRows<{ id: number; lang: string; role: string }>(
    db,
    sql`
    select id::int as id, lang, role from users
    where company_id = ${companyId} and active and deleted_at is null order by id`,
  );
  const admins = rows.filter((r) => r.role === 'admin');
  return (admins.length > 0 ? admins : rows).map((r) => ({ id: Number(r.id), lang: r.lang }));
}

export interface FinancialState {
  billing_type: number;
  balance_cents: number;
  balance_problem: boolean;
  /** The grace period since the balance hit zero is over. */
  grace_over: boolean;
}

export async function findFinancialState(
  db: Executor,
  companyId: number,
  graceHours: number,
): Promise<FinancialState | undefined> {
  const [row] = await queryRows<{
    billing_type: number;
    balance_cents: string | number;
    balance_problem: boolean;
    grace_over: boolean | null;
  }>(
    db,
    sql`
    select billing_type, balance_cents, balance_problem,
           balance_problem_since <= now() - make_interval(hours => ${graceHours}) as grace_over
    from companies where id = ${companyId} and deleted_at is null`,
  );
  if (!row) return undefined;
  return {
    billing_type: Number(row.billing_type),
    balance_cents: Number(row.balance_cents),
    balance_problem: row.balance_problem,
    grace_over: row.grace_over === true,
  };
}

/**
 * Who a system queue item belongs to: the company's first admin, else its first user, else the
 * first root user (a company with no users still gets its SIMs blocked or unblocked).
 */
export async function findQueueActor(db: Executor, companyId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`
    select id::int as id from users
    where deleted_at is null and (company_id = ${companyId} or role = 'root')
    order by (company_id = ${companyId} and role = 'admin') desc, (company_id = ${companyId}) desc, id
    limit 1`,
  );
  return row === undefined ? undefined : Number(row.id);
}

/** A running financial block or unblock item of the company, so reconciling twice starts nothing new. */
export async function hasOpenFinancialItem(
  db: Executor,
  companyId: number,
  reason: 'queue_block' | 'queue_unblock',
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select id from queue_items
    where company_id = ${companyId} and reason = ${reason} and state = 'running' and params->>'blockType' = 'financial'
    limit 1`,
  );
  return rows.length > 0;
}
