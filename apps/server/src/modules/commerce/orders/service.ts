import type { AuditAction } from '@cab/contract/company-audit';
import {
  ORDER_CANCELLABLE,
  ORDER_GROUP_STATUSES,
  ORDER_STATUS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  SIM_PRICE_CENTS,
  isValidOrderCount,
  type Order,
  type OrderCommentRequest,
  type OrderCreateRequest,
  type OrderListRequest,
  type OrderListResult,
  type OrderStatus,
  type OrderStatusRequest,
} from '@cab/contract/orders';
import type { Principal } from '../../../auth/principal.js';
import type { Db, Executor, Tx } from '../../../db/client.js';
import { AppError, type FieldProblem } from '../../../http/errors.js';
import type { EventBus } from '../../../realtime/bus.js';
import { insertAudit } from '../../platform/audit/index.js';
import { allocateBillNumber, closeBill, insertBill } from '../billing/index.js';
import { noticeCompany } from './company-notices.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { issueSimsFromStock } from '../../network/stock/index.js';
import { orderStatusText } from './order-texts.js';
import * as repo from './repository.js';

/** Profile of ordered SIMs: basic M2M SIMs (block, unblock, ping, SMS, reconnect). */
const ORDERED_SIM_PROFILE = 'MS';

/**
 * What a status change did: moved the order (completing it issued these SIMs), or found too few free
 * cards in stock, so the order keeps its status, with the reason.
 */
type StatusChange = { moved: true; issuedSimIds: number[] } | { moved: false; free: number; needed: number };

/** Told of the SIMs a completed order issued, once they are committed (the HLR provisions them). */
export type SimsIssued = (simIds: number[]) => Promise<void>;

function toOrder(row: repo.OrderRow): Order {
  return {
    id: row.id,
    number: row.number,
    status: ORDER_STATUSES.find((s) => s === row.status) ?? 0,
    count: row.count,
    price_cents: row.price_cents,
    amount_cents: Number(row.amount_cents),
    contact: row.contact,
    address: row.address,
    supplier_comment: row.supplier_comment,
    waiting_reason: row.waiting_reason === 'stock_short' ? 'stock_short' : null,
    company_id: row.company_id,
    company_name: row.company_name,
    bill_id: row.bill_id,
    bill_number: row.bill_number,
    bill_status: row.bill_status,
    created: row.created,
    updated: row.updated,
  };
}

/** Orders a principal may see: root all, others their company and its children. */
async function readScope(db: Db, principal: Principal, company?: number) {
  return resolveCompanyScope(db, principal, company ? [company] : undefined, true);
}

export async function loadOrder(db: Db, principal: Principal, id: number): Promise<repo.OrderRow> {
  const row = await repo.findOrder(db, await readScope(db, principal), id);
  if (!row) throw new AppError('not_found');
  return row;
}

export async function listOrders(db: Db, principal: Principal, request: OrderListRequest): Promise<OrderListResult> {
  const filter = request.filter ?? {};
  const scope = await readScope(db, principal, filter.company);
  const statuses = filter.group ? ORDER_GROUP_STATUSES[filter.group] : null;
  const { items, total } = await repo.listOrders(db, scope, statuses, request.page ?? 0, request.size ?? 25);
  return { items: items.map(toOrder), total };
}

export async function getOrder(db: Db, principal: Principal, id: number): Promise<Order> {
  return toOrder(await loadOrder(db, principal, id));
}

/** Creating an order issues its bill at once, so the order starts in Pay waiting. */
export async function createOrder(db: Db, bus: EventBus, principal: Principal, request: OrderCreateRequest): Promise<Order> {
  const fields: Record<string, FieldProblem> = {};
  if (!isValidOrderCount(request.count)) fields.count = 'orderCount';
  if (!request.contact) fields.contact = 'required';
  if (!request.address) fields.address = 'required';
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', fields);
  // Own company or a child; root any. Another company answers 404.
  await resolveCompanyScope(db, principal, [request.company_id], false);
  const ids = await db.transaction(async (tx) => {
    const order = await repo.reserveOrderNumber(tx);
    const bill = await allocateBillNumber(tx);
    await repo.insertOrder(tx, {
      ...order,
      companyId: request.company_id,
      status: ORDER_STATUS.payWaiting,
      count: request.count,
      priceCents: SIM_PRICE_CENTS,
      contact: request.contact,
      address: request.address,
      billId: bill.id,
      createdBy: principal.userId,
    });
    await insertBill(tx, {
      ...bill,
      companyId: request.company_id,
      kind: 'order',
      amountCents: request.count * SIM_PRICE_CENTS,
      orderId: order.id,
      createdBy: principal.userId,
    });
    await audit(tx, principal, request.company_id, 'order_create', { id: order.id, count: request.count, bill_id: bill.id });
    return { order, bill };
  });
  await noticeCompany(db, bus, {
    actorId: principal.userId,
    companyId: request.company_id,
    orderId: ids.order.id,
    billId: ids.bill.id,
    category: 'billing',
    type: 'success',
    text: {
      ru: `Заказ ${ids.order.number} создан, выставлен счёт ${ids.bill.number}`,
      en: `Order ${ids.order.number} is created, bill ${ids.bill.number} is issued`,
    },
  });
  return getOrder(db, principal, ids.order.id);
}

/**
 * Root moves an order along ORDER_TRANSITIONS. Completing takes the SIMs from stock in the same
 * transaction as the status change, under the order's row lock: a second completion finds Completed
 * and fails. Too few free cards keep the order where it is, marked stock_short, and answer 409.
 * Cancelling cancels the unpaid bill with it.
 */
export async function moveOrder(
  db: Db,
  bus: EventBus,
  principal: Principal,
  request: OrderStatusRequest,
  onSimsIssued?: SimsIssued,
): Promise<Order> {
  const row = await loadOrder(db, principal, request.id);
  const change = await changeStatus(db, row, request.status, ORDER_TRANSITIONS, (tx, from) =>
    audit(tx, principal, row.company_id, 'order_status', { id: row.id, from, to: request.status }), request.supplier_comment);
  if (!change.moved) {
    // The company's orders page shows the reason at once.
    await bus.publish({ companyId: row.company_id }, { type: 'order', data: { id: row.id, order_id: row.id, bill_id: row.bill_id } });
    throw new AppError('stock_short', undefined, { free: change.free, needed: change.needed });
  }
  // After the commit: a crash before this call leaves the SIMs to the reconcile on the next start.
  if (change.issuedSimIds.length > 0) await onSimsIssued?.(change.issuedSimIds);
  await noticeStatus(db, bus, principal, row, request.status);
  return getOrder(db, principal, row.id);
}

/** A company admin cancels its own order while nothing is paid. */
export async function cancelOrder(db: Db, bus: EventBus, principal: Principal, id: number): Promise<Order> {
  const row = await loadOrder(db, principal, id);
  const cancellable = Object.fromEntries(ORDER_STATUSES.map((s) => [s, ORDER_CANCELLABLE.includes(s) ? [ORDER_STATUS.cancelled] : []]));
  await changeStatus(db, row, ORDER_STATUS.cancelled, cancellable, (tx, from) =>
    audit(tx, principal, row.company_id, 'order_cancel', { id: row.id, from }));
  await noticeStatus(db, bus, principal, row, ORDER_STATUS.cancelled);
  return getOrder(db, principal, row.id);
}

export async function commentOrder(db: Db, bus: EventBus, principal: Principal, request: OrderCommentRequest): Promise<Order> {
  const row = await loadOrder(db, principal, request.id);
  await repo.setSupplierComment(db, row.company_id, row.id, request.supplier_comment);
  await bus.publish({ companyId: row.company_id }, { type: 'order', data: { id: row.id, order_id: row.id, bill_id: row.bill_id } });
  return getOrder(db, principal, row.id);
}

async function changeStatus(
  db: Db,
  row: repo.OrderRow,
  to: OrderStatus,
  allowed: Partial<Record<number, readonly number[]>>,
  /** Writes the audit row in the same transaction, given the status the order had. */
  record: (tx: Tx, from: number) => Promise<void>,
  comment?: string,
): Promise<StatusChange> {
  return db.transaction(async (tx): Promise<StatusChange> => {
    const current = await repo.lockOrder(tx, row.company_id, row.id);
    if (!current) throw new AppError('not_found');
    if (!(allowed[current.status] ?? []).includes(to)) throw new AppError('order_status_invalid');
    if (to === ORDER_STATUS.cancelled && current.bill_id !== null) {
      // An order is cancellable only while its bill is unpaid; the bill goes with it.
      await closeBill(tx, row.company_id, current.bill_id, 'cancelled');
    }
    let issuedSimIds: number[] = [];
    if (to === ORDER_STATUS.completed) {
      const stock = await issueSimsFromStock(tx, { companyId: row.company_id, profile: ORDERED_SIM_PROFILE }, current.count);
      if (!stock.issued) {
        await repo.setWaitingReason(tx, row.company_id, row.id, 'stock_short');
        return { moved: false, free: stock.free, needed: current.count };
      }
      issuedSimIds = stock.simIds;
    }
    await repo.setOrderStatus(tx, row.company_id, row.id, to, comment);
    await record(tx, current.status);
    return { moved: true, issuedSimIds };
  });
}

async function noticeStatus(db: Db, bus: EventBus, principal: Principal, row: repo.OrderRow, status: OrderStatus): Promise<void> {
  const text = orderStatusText(row.number, status);
  await noticeCompany(db, bus, {
    actorId: principal.userId,
    companyId: row.company_id,
    orderId: row.id,
    billId: row.bill_id,
    category: 'notify',
    type: status === ORDER_STATUS.cancelled ? 'warning' : 'success',
    text,
  });
}

async function audit(db: Executor, principal: Principal, companyId: number, action: AuditAction, details: Record<string, unknown>) {
  await insertAudit(db, { companyId, userId: principal.userId, impersonatorId: principal.impersonatorId, action, details });
}
