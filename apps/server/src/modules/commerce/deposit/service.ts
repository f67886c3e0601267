import type { Lang } from '@cab/contract/constants';
import {
  LEDGER_KINDS,
  parseBalanceChangeCents,
  type DepositAdjustRequest,
  type DepositAdjustResult,
  type DepositFilter,
  type DepositListResult,
  type LedgerEntry,
} from '@cab/contract/deposit';
import type { Principal } from '../../../auth/principal.js';
import { AppError } from '../../../http/errors.js';
import { insertAudit } from '../../platform/audit/index.js';
import { announcePosting, describeReason, type FinancialDeps, reconcileFinancialBlocks } from '../billing/index.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { postLedgerEntry } from '../ledger/index.js';
import * as repo from './repository.js';

export type DepositDeps = FinancialDeps;

/**
 * The deposit ledger (spec §3 deposit filter): without a company filter a user sees their own
 * company, root every company; a company filter may name the user's own or a child company —
 * anything else answers 404.
 */
export async function listDeposit(
  deps: DepositDeps,
  principal: Principal,
  request: { page: number; size: number; filter: DepositFilter },
  lang: Lang,
): Promise<DepositListResult> {
  const { company, type } = request.filter;
  const scope = await resolveCompanyScope(deps.db, principal, company === undefined ? undefined : [company], false);
  const { rows, total } = await repo.listLedger(deps.db, { scope, kind: type, page: request.page, size: request.size });
  return { items: rows.map((row) => toLedgerEntry(row, lang)), total };
}

function toLedgerEntry(row: repo.LedgerRow, lang: Lang): LedgerEntry {
  const hasAuthor = row.first_name !== null;
  return {
    id: Number(row.id),
    added: Math.floor(new Date(row.created_at).getTime() / 1000),
    company_id: Number(row.company_id),
    company_name: row.company_name,
    kind: LEDGER_KINDS.find((k) => k === row.kind) ?? 'adjustment',
    amount_cents: Number(row.amount_cents),
    balance_after_cents: Number(row.balance_after_cents),
    reason: describeReason(row.reason, hasAuthor, lang),
    bill_number: row.bill_number,
    author: hasAuthor ? { first_name: row.first_name ?? '', last_name: row.last_name ?? '' } : null,
  };
}

/**
 * Root's balance change (spec §5 "+N or -N in EUR"): one ledger row with author and reason and an
 * audit row, in one transaction; then the company's SIMs are brought in line with the new balance.
 */
export async function adjustBalance(
  deps: DepositDeps,
  principal: Principal,
  request: DepositAdjustRequest,
): Promise<DepositAdjustResult> {
  const amountCents = parseBalanceChangeCents(request.amount);
  if (amountCents === null) throw new AppError('balance_change_invalid', { amount: 'invalid' });
  if (!(await repo.findLiveCompany(deps.db, request.company_id))) throw new AppError('not_found');
  const posted = await deps.db.transaction(async (tx) => {
    const entry = await postLedgerEntry(tx, {
      companyId: request.company_id,
      kind: 'adjustment',
      amountCents,
      reason: request.reason,
      authorId: principal.userId,
    });
    if (!entry) throw new AppError('conflict');
    await insertAudit(tx, {
      companyId: request.company_id,
      userId: principal.userId,
      impersonatorId: principal.impersonatorId,
      action: 'balance_adjust',
      details: { entry_id: entry.id, amount_cents: amountCents, reason: request.reason },
    });
    return entry;
  });
  await announcePosting(deps, request.company_id, posted);
  // A credit may lift financial blocks; a debit may start them at once when the grace period is zero.
  await reconcileFinancialBlocks(deps, request.company_id);
  return { entry_id: posted.id, balance_cents: posted.balanceAfterCents };
}
