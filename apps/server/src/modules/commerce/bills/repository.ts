import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { CompanyScope } from '../../accounts/companies/index.js';

export interface BillRow {
  id: number;
  company_id: number;
  company_name: string;
  number: string;
  kind: string;
  status: string;
  amount_cents: number;
  period: string;
  country: string | null;
  order_id: number | null;
  created: number;
  paid_at: number | null;
  cancelled_at: number | null;
}

const BILL_COLUMNS = sql`
  b.id::int as id, b.company_id::int as company_id, c.name as company_name, b.number, b.kind, b.status,
  b.amount_cents::bigint::float8 as amount_cents, b.period, b.country, b.order_id::int as order_id,
  extract(epoch from b.created_at)::int as created, extract(epoch from b.paid_at)::int as paid_at,
  extract(epoch from b.cancelled_at)::int as cancelled_at`;

function inScope(scope: CompanyScope): SQL {
  return scope === null ? sql`true` : sql`b.company_id = any(${`{${scope.join(',')}}`}::bigint[])`;
}

export interface BillFilter {
  paid: 0 | 1 | 2;
  period?: string | undefined;
  country?: string | undefined;
}

export async function listBills(
  db: Executor,
  scope: CompanyScope,
  filter: BillFilter,
  page: number,
  size: number,
): Promise<{ items: BillRow[]; total: number }> {
  const where = sql.join(
    [
      inScope(scope),
      filter.paid === 1 ? sql`b.status = 'paid'` : filter.paid === 2 ? sql`b.status = 'unpaid'` : sql`true`,
      filter.period ? sql`b.period = ${filter.period}` : sql`true`,
      filter.country ? sql`upper(b.country) = upper(${filter.country})` : sql`true`,
    ],
    sql` and `,
  );
  const items = await queryRows<BillRow>(db, sql`
    select ${BILL_COLUMNS} from bills b join companies c on c.id = b.company_id
    where ${where} order by b.created_at desc, b.id desc limit ${size} offset ${page * size}`);
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from bills b where ${where}`);
  return { items, total: count?.n ?? 0 };
}

export async function findBill(db: Executor, scope: CompanyScope, id: number): Promise<BillRow | undefined> {
  const rows = await queryRows<BillRow>(db, sql`
    select ${BILL_COLUMNS} from bills b join companies c on c.id = b.company_id where b.id = ${id} and ${inScope(scope)}`);
  return rows[0];
}

/** A paid bill cancelled (refund): one statement, so a concurrent second cancel finds nothing. */
export async function cancelPaidBill(tx: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`
    update bills set status = 'cancelled', cancelled_at = now()
    where company_id = ${companyId} and id = ${id} and status = 'paid' returning id::int as id`);
  return rows.length > 0;
}

/** The company-balance postings a bill's payment made (top-up credit or order payment). */
export async function billPostings(tx: Executor, companyId: number, billId: number): Promise<Array<{ kind: string; amountCents: number }>> {
  const rows = await queryRows<{ kind: string; amount_cents: string | number }>(tx, sql`
    select kind, amount_cents from ledger_entries
    where company_id = ${companyId} and bill_id = ${billId} and idempotency_key = ${`bill:${billId}`}`);
  return rows.map((r) => ({ kind: r.kind, amountCents: Number(r.amount_cents) }));
}

export async function lockCompanyBalance(tx: Executor, companyId: number): Promise<{ balanceCents: number; billingType: number } | undefined> {
  const [row] = await queryRows<{ balance_cents: string | number; billing_type: number }>(tx, sql`
    select balance_cents, billing_type from companies where id = ${companyId} for update`);
  return row ? { balanceCents: Number(row.balance_cents), billingType: Number(row.billing_type) } : undefined;
}

export interface CompanyParty {
  name: string;
  tax_number: string | null;
  contract: string | null;
  country: string | null;
}

export async function findCompanyParty(db: Executor, companyId: number): Promise<CompanyParty | undefined> {
  const rows = await queryRows<CompanyParty>(db, sql`
    select name, tax_number, contract, country from companies where id = ${companyId}`);
  return rows[0];
}

/** The operator issuing bills: the company the platform's root users belong to. */
export async function findSellerParty(db: Executor): Promise<CompanyParty | undefined> {
  const rows = await queryRows<CompanyParty>(db, sql`
    select c.name, c.tax_number, c.contract, c.country from companies c
    where c.id = (select company_id from users where role = 'root' order by id limit 1)`);
  return rows[0];
}
