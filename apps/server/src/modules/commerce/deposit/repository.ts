import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { CompanyScope } from '../../accounts/companies/index.js';

export interface LedgerRow {
  id: number;
  created_at: Date;
  company_id: number;
  company_name: string;
  kind: string;
  /** bigint columns: a string on node-postgres, a number or bigint on PGlite. */
  amount_cents: string | number;
  balance_after_cents: string | number;
  reason: string | null;
  bill_number: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** A page of ledger rows, newest first, of the companies in scope (null: every company). */
export async function listLedger(
  db: Executor,
  query: { scope: CompanyScope; kind: string | undefined; page: number; size: number },
): Promise<{ rows: LedgerRow[]; total: number }> {
  const scope = query.scope === null ? sql`true` : sql`l.company_id = any(${`{${query.scope.join(',')}}`}::bigint[])`;
  // An agent company's reward rows belong to the agent panel's ledger, not to its company balance.
  const kind =
    query.kind === undefined
      ? sql`l.kind not in ('agent_reward', 'agent_reward_reversal', 'withdrawal_hold', 'withdrawal_release')`
      : sql`l.kind = ${query.kind}`;
  const where = sql`${scope} and ${kind}`;
  const rows = await queryRows<LedgerRow>(
    db,
    sql`
    select l.id::int as id, l.created_at, l.company_id::int as company_id, c.name as company_name, l.kind,
           l.amount_cents, l.balance_after_cents, l.reason,
           b.number as bill_number, u.first_name, u.last_name
    from ledger_entries l
    join companies c on c.id = l.company_id
    left join bills b on b.company_id = l.company_id and b.id = l.bill_id
    left join users u on u.id = l.author_id
    where ${where}
    order by l.id desc
    limit ${query.size} offset ${query.page * query.size}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_entries l where ${where}`,
  );
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findLiveCompany(db: Executor, companyId: number): Promise<{ id: number } | undefined> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select id::int as id from companies where id = ${companyId} and deleted_at is null`,
  );
  return rows[0];
}
