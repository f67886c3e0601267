import { OPEN_REQUEST_STATES } from '@cab/contract/agents';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

const AGENT_KINDS = sql`('agent_reward', 'agent_reward_reversal', 'withdrawal_hold', 'withdrawal_release')`;
const openStates = `{${OPEN_REQUEST_STATES.join(',')}}`;

export async function totals(db: Executor, agentId: number): Promise<{ held: number; earned: number; paidOut: number }> {
  const [row] = await queryRows<{ held: string | number; earned: string | number; paid_out: string | number }>(db, sql`
    select
      coalesce((select sum(amount_cents) from withdrawal_requests where company_id = ${agentId} and state = any(${openStates}::text[])), 0) as held,
      coalesce((select sum(amount_cents) from ledger_entries where company_id = ${agentId} and kind in ('agent_reward', 'agent_reward_reversal')), 0) as earned,
      coalesce((select sum(amount_cents) from withdrawal_requests where company_id = ${agentId} and state in ('paid_awaiting_agent', 'paid')), 0) as paid_out`);
  return { held: Number(row?.held ?? 0), earned: Number(row?.earned ?? 0), paidOut: Number(row?.paid_out ?? 0) };
}

/** Net rewards per UTC month since `since` (YYYY-MM-01). */
export async function rewardsByMonth(db: Executor, agentId: number, since: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ month: string; cents: string | number }>(db, sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, sum(amount_cents) as cents
    from ledger_entries
    where company_id = ${agentId} and kind in ('agent_reward', 'agent_reward_reversal') and created_at >= ${since}::timestamptz
    group by 1`);
  return new Map(rows.map((r) => [r.month, Number(r.cents)]));
}

const SORTS: Record<string, SQL> = {
  name: sql`name`,
  sims: sql`sims`,
  paid_month: sql`paid_month_cents`,
  earned: sql`earned_cents`,
};

export interface ReferredRow {
  id: number;
  name: string;
  sims: number;
  paid_month_cents: string | number;
  earned_cents: string | number;
  created_at: Date | string;
}

/** Companies the agent referred, with SIMs, bills paid this month and rewards they earned the agent. */
export async function referredCompanies(
  db: Executor,
  query: { agentId: number; page: number; size: number; column: string; direction: 'asc' | 'desc'; monthStart: string },
): Promise<{ rows: ReferredRow[]; total: number }> {
  const order = SORTS[query.column] ?? SORTS.name;
  const direction = query.direction === 'desc' ? sql`desc` : sql`asc`;
  const rows = await queryRows<ReferredRow>(db, sql`
    select * from (
      select c.id::int as id, c.name, c.created_at,
        (select count(*)::int from sims s where s.company_id = c.id) as sims,
        coalesce((select sum(b.amount_cents) from bills b where b.company_id = c.id and b.status = 'paid' and b.paid_at >= ${query.monthStart}::timestamptz), 0) as paid_month_cents,
        coalesce((select sum(l.amount_cents) from ledger_entries l
                  where l.company_id = ${query.agentId} and l.source_company_id = c.id and l.kind in ('agent_reward', 'agent_reward_reversal')), 0) as earned_cents
      from companies c where c.agent_company_id = ${query.agentId} and c.deleted_at is null
    ) r
    order by ${order} ${direction}, id
    limit ${query.size} offset ${query.page * query.size}`);
  const [count] = await queryRows<{ n: number }>(db, sql`
    select count(*)::int as n from companies where agent_company_id = ${query.agentId} and deleted_at is null`);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function isReferredBy(db: Executor, companyId: number, agentId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`
    select 1 as id from companies where id = ${companyId} and agent_company_id = ${agentId}`);
  return rows.length > 0;
}

export interface AgentLedgerRow {
  id: number;
  created_at: Date | string;
  kind: string;
  amount_cents: string | number;
  balance_after_cents: string | number;
  source_company_name: string | null;
  bill_number: string | null;
  request_id: number | null;
}

export async function agentLedger(
  db: Executor,
  query: { agentId: number; company?: number; type?: string; page: number; size: number },
): Promise<{ rows: AgentLedgerRow[]; total: number }> {
  const parts: SQL[] = [sql`l.company_id = ${query.agentId}`, sql`l.kind in ${AGENT_KINDS}`];
  if (query.company !== undefined) parts.push(sql`l.source_company_id = ${query.company}`);
  if (query.type !== undefined) parts.push(sql`l.kind = ${query.type}`);
  const where = sql.join(parts, sql` and `);
  const rows = await queryRows<AgentLedgerRow>(db, sql`
    select l.id::int as id, l.created_at, l.kind, l.amount_cents, l.balance_after_cents, c.name as source_company_name,
           b.number as bill_number, l.request_id::int as request_id
    from ledger_entries l
    left join companies c on c.id = l.source_company_id
    left join bills b on b.company_id = l.source_company_id and b.id = l.bill_id
    where ${where} order by l.id desc limit ${query.size} offset ${query.page * query.size}`);
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ledger_entries l where ${where}`);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function setRate(db: Executor, agentId: number, bp: number | null): Promise<void> {
  await db.execute(sql`update agent_accounts set reward_bp = ${bp} where company_id = ${agentId}`);
}

export async function findCompanyAgent(db: Executor, companyId: number): Promise<{ agent: number | null } | undefined> {
  const [row] = await queryRows<{ agent: number | null }>(db, sql`
    select agent_company_id::int as agent from companies where id = ${companyId} and deleted_at is null for update`);
  return row;
}

export async function setCompanyAgent(db: Executor, companyId: number, agentId: number | null): Promise<void> {
  await db.execute(sql`update companies set agent_company_id = ${agentId} where id = ${companyId}`);
}
