import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { CompanyScope } from '../../accounts/companies/index.js';

export interface OrderRow {
  id: number;
  company_id: number;
  company_name: string;
  number: string;
  status: number;
  count: number;
  price_cents: number;
  amount_cents: number;
  contact: string;
  address: string;
  supplier_comment: string | null;
  waiting_reason: string | null;
  bill_id: number | null;
  bill_number: string | null;
  bill_status: string | null;
  created: number;
  updated: number;
  created_by: number;
}

const ORDER_FROM = sql`
  orders o join companies c on c.id = o.company_id
  left join bills b on b.company_id = o.company_id and b.id = o.bill_id`;

const ORDER_COLUMNS = sql`
  o.id::int as id, o.company_id::int as company_id, c.name as company_name, o.number, o.status::int as status,
  o.count, o.price_cents, o.amount_cents::bigint::float8 as amount_cents, o.contact, o.address, o.supplier_comment, o.waiting_reason,
  o.bill_id::int as bill_id, b.number as bill_number, b.status as bill_status, o.created_by::int as created_by,
  extract(epoch from o.created_at)::int as created, extract(epoch from o.updated_at)::int as updated`;

function inScope(scope: CompanyScope): SQL {
  return scope === null ? sql`true` : sql`o.company_id = any(${`{${scope.join(',')}}`}::bigint[])`;
}

/** Human numbers ('O-2026-000123') come from the id sequence, so they are unique without a lookup. */
export async function reserveOrderNumber(tx: Executor): Promise<{ id: number; number: string }> {
  const [row] = await queryRows<{ id: string | number; year: number }>(tx, sql`
    select nextval(pg_get_serial_sequence('orders', 'id')) as id, extract(year from now())::int as year`);
  const id = Number(row?.id);
  return { id, number: `O-${row?.year}-${String(id).padStart(6, '0')}` };
}

export interface NewOrder {
  id: number;
  number: string;
  companyId: number;
  status: number;
  count: number;
  priceCents: number;
  contact: string;
  address: string;
  billId: number;
  createdBy: number;
}

export async function insertOrder(tx: Executor, order: NewOrder): Promise<void> {
  await queryRows(tx, sql`
    insert into orders (company_id, id, number, status, count, price_cents, amount_cents, contact, address, bill_id, created_by)
    values (${order.companyId}, ${order.id}, ${order.number}, ${order.status}, ${order.count}, ${order.priceCents},
            ${order.count * order.priceCents}, ${order.contact}, ${order.address}, ${order.billId}, ${order.createdBy})`);
}

export async function listOrders(
  db: Executor,
  scope: CompanyScope,
  statuses: readonly number[] | null,
  page: number,
  size: number,
): Promise<{ items: OrderRow[]; total: number }> {
  const where = sql`${inScope(scope)} and ${statuses ? sql`o.status = any(${`{${statuses.join(',')}}`}::smallint[])` : sql`true`}`;
  const items = await queryRows<OrderRow>(db, sql`
    select ${ORDER_COLUMNS} from ${ORDER_FROM} where ${where}
    order by o.created_at desc, o.id desc limit ${size} offset ${page * size}`);
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders o where ${where}`);
  return { items, total: count?.n ?? 0 };
}

export async function findOrder(db: Executor, scope: CompanyScope, id: number): Promise<OrderRow | undefined> {
  const rows = await queryRows<OrderRow>(db, sql`select ${ORDER_COLUMNS} from ${ORDER_FROM} where o.id = ${id} and ${inScope(scope)}`);
  return rows[0];
}

/** Locks the order row: status changes of one order run one after another. */
export async function lockOrder(tx: Executor, companyId: number, id: number): Promise<{ status: number; count: number; bill_id: number | null } | undefined> {
  const rows = await queryRows<{ status: number; count: number; bill_id: number | null }>(tx, sql`
    select status::int as status, count, bill_id::int as bill_id from orders where company_id = ${companyId} and id = ${id} for update`);
  return rows[0];
}

export async function setOrderStatus(tx: Executor, companyId: number, id: number, status: number, comment?: string): Promise<void> {
  await queryRows(tx, sql`
    update orders set status = ${status}, updated_at = now(), waiting_reason = null,
      supplier_comment = ${comment === undefined ? sql`supplier_comment` : sql`${comment || null}`}
    where company_id = ${companyId} and id = ${id}`);
}

/** Why the order waits (stock_short); any later status change clears it. */
export async function setWaitingReason(tx: Executor, companyId: number, id: number, reason: string): Promise<void> {
  await queryRows(tx, sql`update orders set waiting_reason = ${reason}, updated_at = now() where company_id = ${companyId} and id = ${id}`);
}

export async function setSupplierComment(tx: Executor, companyId: number, id: number, comment: string): Promise<void> {
  await queryRows(tx, sql`
    update orders set supplier_comment = ${comment || null}, updated_at = now() where company_id = ${companyId} and id = ${id}`);
}

/** The company's active admins (who order and pay), each with their language. */
export async function findCompanyAdmins(db: Executor, companyId: number): Promise<{ id: number; lang: string }[]> {
  return queryRows<{ id: number; lang: string }>(db, sql`
    select id::int as id, lang from users
    where company_id = ${companyId} and role = 'admin' and active and deleted_at is null order by id`);
}
