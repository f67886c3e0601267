import { ORDER_STATUS, SIM_PRICE_CENTS } from '@cab/contract/orders';
import type { Tx } from '../db/client.js';
import { bills, orders } from '../db/schema-commerce.js';
import { allocateBillNumber } from '../modules/commerce/billing/index.js';
import { postLedgerEntry } from '../modules/commerce/ledger/index.js';
import { reserveOrderNumber } from '../modules/commerce/orders/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CONTACT = 'Anna Adminova, +79990000000';
const ADDRESS = 'Moscow, Leningradsky prospekt 39, warehouse 4';

interface DemoOrder {
  count: number;
  status: number;
  billStatus: 'paid' | 'unpaid' | 'cancelled';
  ageMs: number;
  comment: string | null;
}

/** A delivered order (the SIMs already in the list), one waiting for its bill and one the customer cancelled. */
const DEMO_ORDERS: DemoOrder[] = [
  { count: 1000, status: ORDER_STATUS.completed, billStatus: 'paid', ageMs: 45 * DAY, comment: 'Delivered by courier, waybill 4471-0093' },
  { count: 100, status: ORDER_STATUS.cancelled, billStatus: 'cancelled', ageMs: 12 * DAY, comment: null },
  { count: 200, status: ORDER_STATUS.payWaiting, billStatus: 'unpaid', ageMs: 3 * HOUR, comment: null },
];

const period = (at: Date) => at.toISOString().slice(0, 7);

/**
 * The demo company's commerce history, so a newcomer's /orders, /docs and /deposit are not empty:
 * the orders above with their bills, and a top-up bill paid through the ledger like root's "mark paid"
 * (so the balance stays the sum of the ledger).
 */
export async function seedDemoCommerce(tx: Tx, companyId: number, adminId: number, now = Date.now()): Promise<void> {
  for (const order of DEMO_ORDERS) {
    const at = new Date(now - order.ageMs);
    const reserved = await reserveOrderNumber(tx);
    const bill = await allocateBillNumber(tx, at);
    const amountCents = order.count * SIM_PRICE_CENTS;
    await tx.insert(orders).values({
      ...reserved,
      companyId,
      status: order.status,
      count: order.count,
      priceCents: SIM_PRICE_CENTS,
      amountCents,
      contact: CONTACT,
      address: ADDRESS,
      supplierComment: order.comment,
      billId: bill.id,
      createdBy: adminId,
      createdAt: at,
      updatedAt: new Date(at.getTime() + 2 * DAY > now ? now : at.getTime() + 2 * DAY),
    });
    await tx.insert(bills).values({
      ...bill,
      companyId,
      kind: 'order',
      status: order.billStatus,
      amountCents,
      period: period(at),
      country: 'RU',
      orderId: reserved.id,
      createdBy: adminId,
      createdAt: at,
      paidAt: order.billStatus === 'paid' ? new Date(at.getTime() + DAY) : null,
      cancelledAt: order.billStatus === 'cancelled' ? new Date(at.getTime() + HOUR) : null,
    });
  }
  // Issued yesterday, paid today: the ledger row is written now, so the dates agree.
  const issued = new Date(now - DAY);
  const topup = await allocateBillNumber(tx, issued);
  const amountCents = 50_000;
  await tx.insert(bills).values({
    ...topup,
    companyId,
    kind: 'topup',
    status: 'paid',
    amountCents,
    period: period(issued),
    country: 'RU',
    orderId: null,
    createdBy: adminId,
    createdAt: issued,
    paidAt: new Date(now),
  });
  await postLedgerEntry(tx, {
    companyId,
    kind: 'topup',
    amountCents,
    billId: topup.id,
    reason: topup.number,
    idempotencyKey: `bill:${topup.id}`,
  });
}
