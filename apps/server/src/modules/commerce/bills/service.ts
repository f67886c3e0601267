import type { AuditAction } from '@cab/contract/company-audit';
import {
  BILL_KINDS,
  BILL_STATUSES,
  type Bill,
  type BillCreateRequest,
  type BillListRequest,
  type BillListResult,
  type BillSettings,
} from '@cab/contract/bills';
import { ORDER_STATUS } from '@cab/contract/orders';
import type { Principal } from '../../../auth/principal.js';
import type { Db, Executor, Tx } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { insertAudit } from '../../platform/audit/index.js';
import { allocateBillNumber, closeBill, type FinancialDeps, insertBill, reconcileFinancialBlocks } from '../billing/index.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { postLedgerEntry } from '../ledger/index.js';
import { lockOrder, noticeCompany, setOrderStatus } from '../orders/index.js';
import { creditAgentReward, reverseAgentReward } from '../agents/index.js';
import * as repo from './repository.js';

export interface BillDeps extends FinancialDeps {
  /** The least top-up a bill may ask for (config BILL_MIN_AMOUNT_EUR). */
  minAmountEur: number;
  /** The reward rate (basis points) of an agent without its own (config AGENT_REWARD_PERCENT). */
  agentRewardBp?: number;
}

/** ARCHITECTURE §7 and config's default: 10 %. */
const DEFAULT_AGENT_REWARD_BP = 1000;

export function toBill(row: repo.BillRow): Bill {
  return {
    id: row.id,
    number: row.number,
    kind: BILL_KINDS.find((k) => k === row.kind) ?? 'topup',
    status: BILL_STATUSES.find((s) => s === row.status) ?? 'unpaid',
    amount_cents: Number(row.amount_cents),
    period: row.period,
    country: row.country,
    company_id: row.company_id,
    company_name: row.company_name,
    order_id: row.order_id,
    created: row.created,
    paid_at: row.paid_at,
    cancelled_at: row.cancelled_at,
  };
}

const formatEur = (cents: number) => (cents / 100).toFixed(2);

export class BillService {
  constructor(private readonly deps: BillDeps) {}

  get db(): Db {
    return this.deps.db;
  }

  settings(): BillSettings {
    return { min_amount_eur: this.deps.minAmountEur };
  }

  /** Bills of the caller's company and its children (root: all; the filter's company narrows). */
  async list(principal: Principal, request: BillListRequest): Promise<BillListResult> {
    const { db } = this.deps;
    const filter = request.filter ?? { paid: 0 };
    const scope = await resolveCompanyScope(db, principal, filter.company ? [filter.company] : undefined, true);
    const { items, total } = await repo.listBills(db, scope, { paid: filter.paid ?? 0, period: filter.period, country: filter.country }, request.page ?? 0, request.size ?? 25);
    return { items: items.map(toBill), total };
  }

  async load(principal: Principal, id: number): Promise<repo.BillRow> {
    const { db } = this.deps;
    const row = await repo.findBill(db, await resolveCompanyScope(db, principal, undefined, true), id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  /** A top-up bill ("bill generation"): paid, it credits the company's balance. */
  async createTopup(principal: Principal, request: BillCreateRequest): Promise<Bill> {
    const { db, bus, minAmountEur } = this.deps;
    const companyId = request.company_id ?? principal.companyId;
    await resolveCompanyScope(db, principal, [companyId], false);
    if (request.amount_eur < minAmountEur) {
      throw new AppError('bill_amount_too_small', { amount_eur: 'belowMinimum' }, { min: minAmountEur });
    }
    const amountCents = Math.round(request.amount_eur * 100);
    const bill = await db.transaction(async (tx) => {
      const reserved = await allocateBillNumber(tx);
      await insertBill(tx, { ...reserved, companyId, kind: 'topup', amountCents, orderId: null, createdBy: principal.userId });
      await this.audit(tx, principal, companyId, 'bill_create', { id: reserved.id, amount_cents: amountCents });
      return reserved;
    });
    await noticeCompany(db, bus, {
      actorId: principal.userId,
      companyId,
      orderId: null,
      billId: bill.id,
      category: 'billing',
      type: 'success',
      text: {
        ru: `Выставлен счёт ${bill.number} на ${formatEur(amountCents)} EUR`,
        en: `Bill ${bill.number} for ${formatEur(amountCents)} EUR is issued`,
      },
    });
    return toBill(await this.load(principal, bill.id));
  }

  /**
   * Root marks a bill paid. The status change, the balance credit (top-up) or the order's move to In
   * work happen in one transaction; a second call finds the bill paid and changes nothing.
   */
  async markPaid(principal: Principal, id: number): Promise<Bill> {
    const row = await this.load(principal, id);
    await this.deps.db.transaction(async (tx) => {
      await this.lockOrderOf(tx, row);
      if (!(await closeBill(tx, row.company_id, row.id, 'paid'))) throw new AppError('bill_not_payable');
      if (row.kind === 'topup') {
        await postLedgerEntry(tx, {
          companyId: row.company_id,
          kind: 'topup',
          amountCents: Number(row.amount_cents),
          billId: row.id,
          authorId: principal.userId,
          reason: row.number,
          idempotencyKey: `bill:${row.id}`,
        });
      }
      await this.startOrderWork(tx, row);
      await creditAgentReward(tx, row, this.deps.agentRewardBp ?? DEFAULT_AGENT_REWARD_BP);
      await this.audit(tx, principal, row.company_id, 'bill_paid', { id: row.id, amount_cents: Number(row.amount_cents) });
    });
    return this.afterPayment(principal, row);
  }

  /** A prepay company pays its order's bill from its balance, if the balance covers it. */
  async payFromBalance(principal: Principal, id: number): Promise<Bill> {
    const row = await this.load(principal, id);
    if (row.kind !== 'order') throw new AppError('bill_not_payable');
    const amountCents = Number(row.amount_cents);
    await this.deps.db.transaction(async (tx) => {
      await this.lockOrderOf(tx, row);
      const company = await repo.lockCompanyBalance(tx, row.company_id);
      if (!company || company.billingType !== 1) throw new AppError('bill_not_payable');
      if (!(await closeBill(tx, row.company_id, row.id, 'paid'))) throw new AppError('bill_not_payable');
      if (company.balanceCents < amountCents) throw new AppError('balance_insufficient');
      await postLedgerEntry(tx, {
        companyId: row.company_id,
        kind: 'order_payment',
        amountCents: -amountCents,
        billId: row.id,
        authorId: principal.userId,
        reason: row.number,
        idempotencyKey: `bill:${row.id}`,
      });
      await this.startOrderWork(tx, row);
      await creditAgentReward(tx, row, this.deps.agentRewardBp ?? DEFAULT_AGENT_REWARD_BP);
      await this.audit(tx, principal, row.company_id, 'bill_paid_from_balance', { id: row.id, amount_cents: amountCents });
    });
    return this.afterPayment(principal, row);
  }

  /**
   * Root cancels a bill; an order waiting for it is cancelled with it. A paid bill may be cancelled too
   * (a refund or a returned payment) while its order has not shipped: what the payment did to the
   * company balance is undone by a ledger row of its own, and the agent's reward for it is reversed.
   */
  async cancel(principal: Principal, id: number): Promise<Bill> {
    const row = await this.load(principal, id);
    await this.deps.db.transaction(async (tx) => {
      const order = await this.lockOrderOf(tx, row);
      const wasPaid = row.status === 'paid';
      if (wasPaid && order && order.status !== ORDER_STATUS.inWork && order.status !== ORDER_STATUS.payWaiting && order.status !== ORDER_STATUS.new) {
        throw new AppError('order_status_invalid');
      }
      const closed = wasPaid ? await repo.cancelPaidBill(tx, row.company_id, row.id) : await closeBill(tx, row.company_id, row.id, 'cancelled');
      if (!closed) throw new AppError('bill_not_payable');
      if (order && row.order_id !== null && (order.status === ORDER_STATUS.new || order.status === ORDER_STATUS.payWaiting || (wasPaid && order.status === ORDER_STATUS.inWork))) {
        await setOrderStatus(tx, row.company_id, row.order_id, ORDER_STATUS.cancelled);
      }
      if (wasPaid) {
        await this.undoPayment(tx, principal, row);
        await reverseAgentReward(tx, row);
      }
      await this.audit(tx, principal, row.company_id, 'bill_cancel', { id: row.id, was_paid: wasPaid });
    });
    await noticeCompany(this.deps.db, this.deps.bus, {
      actorId: principal.userId,
      companyId: row.company_id,
      orderId: row.order_id,
      billId: row.id,
      category: 'billing',
      type: 'warning',
      text: { ru: `Счёт ${row.number} отменён`, en: `Bill ${row.number} is cancelled` },
    });
    if (row.status === 'paid') {
      await this.deps.bus.publish({ companyId: row.company_id }, { type: 'portal_update', data: {} });
      await reconcileFinancialBlocks(this.deps, row.company_id);
    }
    return toBill(await this.load(principal, id));
  }

  /** The balance movement a payment made (top-up credit, order paid from the balance) is undone once. */
  private async undoPayment(tx: Tx, principal: Principal, row: repo.BillRow): Promise<void> {
    const posted = await repo.billPostings(tx, row.company_id, row.id);
    for (const entry of posted) {
      await postLedgerEntry(tx, {
        companyId: row.company_id,
        kind: entry.kind === 'order_payment' ? 'order_payment' : 'topup',
        amountCents: -entry.amountCents,
        billId: row.id,
        authorId: principal.userId,
        reason: row.number,
        idempotencyKey: `bill:${row.id}:cancel`,
      });
    }
  }

  /** Orders are locked before their bill everywhere, so payment and cancellation never deadlock. */
  private async lockOrderOf(tx: Tx, row: repo.BillRow) {
    return row.order_id === null ? undefined : lockOrder(tx, row.company_id, row.order_id);
  }

  private async startOrderWork(tx: Tx, row: repo.BillRow): Promise<void> {
    if (row.order_id === null) return;
    const order = await lockOrder(tx, row.company_id, row.order_id);
    if (order && (order.status === ORDER_STATUS.new || order.status === ORDER_STATUS.payWaiting)) {
      await setOrderStatus(tx, row.company_id, row.order_id, ORDER_STATUS.inWork);
    }
  }

  private async afterPayment(principal: Principal, row: repo.BillRow): Promise<Bill> {
    const { db, bus } = this.deps;
    await noticeCompany(db, bus, {
      actorId: principal.userId,
      companyId: row.company_id,
      orderId: row.order_id,
      billId: row.id,
      category: 'billing',
      type: 'success',
      text: { ru: `Счёт ${row.number} оплачен`, en: `Bill ${row.number} is paid` },
    });
    // The balance in the sidebar comes with the user data.
    await bus.publish({ companyId: row.company_id }, { type: 'portal_update', data: {} });
    // A top-up that ends a balance problem unblocks the SIMs it had blocked (and a payment that ends
    // the balance starts the grace period's clock).
    await reconcileFinancialBlocks(this.deps, row.company_id);
    return toBill(await this.load(principal, row.id));
  }

  /** Runs inside the change's transaction: a change is never saved without its audit row. */
  private async audit(tx: Executor, principal: Principal, companyId: number, action: AuditAction, details: Record<string, unknown>) {
    await insertAudit(tx, { companyId, userId: principal.userId, impersonatorId: principal.impersonatorId, action, details });
  }
}
