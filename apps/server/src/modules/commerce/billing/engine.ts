import { SIM_MONTHLY_FEE_CENTS } from '@cab/contract/deposit';
import { type PostedEntry, postLedgerEntry } from '../ledger/index.js';
import { allocateBillNumber } from './bill-repository.js';
import { reconcileFinancialBlocks, type FinancialDeps } from './financial.js';
import { announcePosting, notifyBilling } from './notices.js';
import * as repo from './repository.js';
import { formatEuros, systemReason } from './texts.js';

export type BillingDeps = FinancialDeps;

const DAY_MS = 86_400_000;

/**
 * The SIM fee of one day of a month, in whole cents, for `sims` active SIMs. Day d of a D-day month
 * charges floor(T·d/D) − floor(T·(d−1)/D) where T = sims × monthly fee: each day gets its share
 * rounded down and the remainder carries to the next day, so a month with a steady SIM count is
 * charged exactly T — no cent lost, none charged twice.
 */
export function dailySimFeeCents(sims: number, day: string): number {
  const date = parseDay(day);
  const daysInMonth = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  const total = sims * SIM_MONTHLY_FEE_CENTS;
  const d = date.getUTCDate();
  return Math.floor((total * d) / daysInMonth) - Math.floor((total * (d - 1)) / daysInMonth);
}

function parseDay(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) throw new Error(`bad billing day ${day}`);
  return date;
}

/** Runs `charge` for every company; one company's failure does not stop the others, but fails the run. */
async function forEachCompany(
  companies: repo.BillableCompany[],
  charge: (companyId: number) => Promise<void>,
): Promise<void> {
  const failures: unknown[] = [];
  for (const company of companies) {
    await charge(company.id).catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw new AggregateError(failures, `billing failed for ${failures.length} companies`);
}

/**
 * Prepay (billing type 1): charges the day's SIM fee and usage cost (UTC day). Each company's day
 * is one transaction guarded by its billing_runs row, so running the day again charges nothing and
 * a run cut short by a crash charges exactly the companies it had not finished.
 */
export async function runDailyBilling(deps: BillingDeps, day: string): Promise<void> {
  const from = parseDay(day);
  const to = new Date(from.getTime() + DAY_MS);
  await forEachCompany(await repo.listBillableCompanies(deps.db, 1), async (companyId) => {
    const run = { companyId, kind: 'daily' as const, period: day };
    const posted = await deps.db.transaction(async (tx) => {
      if (!(await repo.claimBillingRun(tx, run))) return null;
      const fee = dailySimFeeCents(await repo.countActiveSims(tx, companyId), day);
      const usage = await repo.sumUsageCents(tx, companyId, from, to);
      let last: PostedEntry | null = null;
      if (fee > 0) {
        last =
          (await postLedgerEntry(tx, {
            companyId,
            kind: 'charge',
            amountCents: -fee,
            reason: systemReason('sim_fee', day),
            idempotencyKey: `daily:${day}:fee`,
          })) ?? last;
      }
      if (usage > 0) {
        last =
          (await postLedgerEntry(tx, {
            companyId,
            kind: 'charge',
            amountCents: -usage,
            reason: systemReason('usage', day),
            idempotencyKey: `daily:${day}:usage`,
          })) ?? last;
      }
      await repo.setBillingRunAmount(tx, run, fee + usage);
      return last;
    });
    if (posted) await announcePosting(deps, companyId, posted);
    if (posted?.balanceProblem) await reconcileFinancialBlocks(deps, companyId);
  });
}

/**
 * Postpay (billing type 2): one monthly bill per company and period (YYYY-MM) for the SIM fees and
 * the usage of that month, with its charge in the ledger (paying the bill credits it back).
 */
export async function runMonthlyBilling(deps: BillingDeps, period: string): Promise<void> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw new Error(`bad billing period ${period}`);
  const from = new Date(`${period}-01T00:00:00Z`);
  const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  await forEachCompany(await repo.listBillableCompanies(deps.db, 2), async (companyId) => {
    const run = { companyId, kind: 'monthly' as const, period };
    const bill = await deps.db.transaction(async (tx) => {
      if (!(await repo.claimBillingRun(tx, run))) return null;
      const amountCents =
        (await repo.countActiveSims(tx, companyId)) * SIM_MONTHLY_FEE_CENTS +
        (await repo.sumUsageCents(tx, companyId, from, to));
      await repo.setBillingRunAmount(tx, run, amountCents);
      if (amountCents === 0) return null;
      const { id, number } = await allocateBillNumber(tx);
      if (!(await repo.insertMonthlyBill(tx, { companyId, id, number, amountCents, period }))) return null;
      await postLedgerEntry(tx, {
        companyId,
        kind: 'charge',
        amountCents: -amountCents,
        billId: id,
        reason: systemReason('monthly_bill', period),
        idempotencyKey: `monthly:${period}`,
      });
      return { number, amountCents };
    });
    if (!bill) return;
    await deps.bus.publish({ companyId }, { type: 'portal_update', data: {} });
    await notifyBilling(deps, companyId, {
      text: 'monthlyBill',
      type: 'info',
      values: { number: bill.number, period, amount: formatEuros(bill.amountCents) },
    });
  });
}

/** YYYY-MM-DD and YYYY-MM of a moment, in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * What the cron runs (hourly): yesterday's daily charges, last month's bills — both no-ops once
 * done, so a missed tick is caught up by the next — and the financial block check of every prepay
 * company whose balance has run out, so a grace period that ends between postings still blocks.
 * Unblocking follows the positive posting itself (root's adjustment, a paid bill), so the engine
 * never lifts financial blocks it did not cause on companies it has no news of.
 */
export async function runBillingCycle(deps: BillingDeps, now: Date): Promise<void> {
  await runDailyBilling(deps, utcDay(new Date(now.getTime() - DAY_MS)));
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  await runMonthlyBilling(deps, utcDay(lastMonth).slice(0, 7));
  await forEachCompany(await repo.listCompaniesInBalanceProblem(deps.db), async (companyId) => {
    await reconcileFinancialBlocks(deps, companyId);
  });
}
