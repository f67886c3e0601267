import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/* Commerce (issue 5). Money is integer cents (EUR); ledger rows are append-only (ARCHITECTURE §7). */


/** SIM orders: status 0 New, 1 Pay waiting, 2 In work, 3 Completed, 4 Cancelled, 5 Delivery. */
export const orders = pgTable(
  'orders',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    number: text('number').notNull(),
    status: smallint('status').notNull().default(0),
    count: integer('count').notNull(),
    priceCents: integer('price_cents').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    contact: text('contact').notNull(),
    address: text('address').notNull(),
    supplierComment: text('supplier_comment'),
    /** Why an order in work cannot be completed yet (stock_short: the SIM stock holds fewer free cards). */
    waitingReason: text('waiting_reason'),
    billId: bigint('bill_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('orders_number_uq').on(t.number),
    index('orders_status_idx').on(t.companyId, t.status, t.id),
  ],
);

/** Bills: kind topup | order | monthly; status unpaid | paid | cancelled. */
export const bills = pgTable(
  'bills',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    number: text('number').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('unpaid'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The month a monthly bill covers, YYYY-MM; for others the month of issue. */
    period: text('period').notNull(),
    country: text('country'),
    orderId: bigint('order_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('bills_number_uq').on(t.number),
    index('bills_period_idx').on(t.companyId, t.period, t.id),
    // A postpay company gets at most one monthly bill per period, however often the run repeats.
    uniqueIndex('bills_monthly_uq').on(t.companyId, t.period).where(sql`kind = 'monthly'`),
  ],
);

/**
 * The deposit ledger: every balance movement, signed cents, with the balance it left. Append-only.
 * kind: topup | charge | adjustment | order_payment, and for agent companies the reward kinds
 * (agent_reward | agent_reward_reversal | withdrawal_hold | withdrawal_release), which move the reward
 * balance (agent_accounts) instead of the company balance. An idempotency key makes a repeated posting a no-op.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    billId: bigint('bill_id', { mode: 'number' }),
    reason: text('reason'),
    authorId: bigint('author_id', { mode: 'number' }),
    idempotencyKey: text('idempotency_key'),
    /** Agent ledger rows: the referred company whose bill earned (or reversed) the reward. */
    sourceCompanyId: bigint('source_company_id', { mode: 'number' }),
    /** Agent ledger rows: the withdrawal request a hold or release belongs to. */
    requestId: bigint('request_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('ledger_entries_idempotency_uq').on(t.companyId, t.idempotencyKey),
    index('ledger_entries_kind_idx').on(t.companyId, t.kind, t.id),
    index('ledger_entries_source_bill_idx').on(t.sourceCompanyId, t.billId),
  ],
);

/** Billing runs done: one row per company, kind (daily | monthly) and period; the run's idempotency. */
export const billingRuns = pgTable(
  'billing_runs',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.period] })],
);
