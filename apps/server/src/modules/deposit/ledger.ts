import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { AppError } from '../../http/errors.js';

export const LEDGER_KINDS = ['topup', 'charge', 'adjustment', 'order_payment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerPosting {
  companyId: number;
  kind: LedgerKind;
  /** Signed cents: positive credits the balance, negative debits it. */
  amountCents: number;
  billId?: number | null;
  reason?: string | null;
  authorId?: number | null;
  /** A posting with a key already in the company's ledger is not applied again. */
  idempotencyKey?: string | null;
}

export interface PostedEntry {
  id: number;
  balanceAfterCents: number;
  /** True when the balance crossed into (or out of) the prepay balance problem with this posting. */
  balanceProblemChanged: boolean;
  balanceProblem: boolean;
}

/**
 * The only way a balance changes (ARCHITECTURE §7): locks the company row, so concurrent postings of a
 * company run one after another and each ledger row records the balance it left. Must run inside a
 * transaction. Answers null when the idempotency key was already posted.
 */
export async function postLedgerEntry(tx: Executor, posting: LedgerPosting): Promise<PostedEntry | null> {
  const [company] = await queryRows<{ balance_problem: boolean }>(tx, sql`
    select balance_problem from companies where id = ${posting.companyId} for update`);
  if (!company) throw new AppError('not_found');
  if (posting.idempotencyKey) {
    const seen = await queryRows<{ id: number }>(tx, sql`
      select id from ledger_entries where company_id = ${posting.companyId} and idempotency_key = ${posting.idempotencyKey}`);
    if (seen.length > 0) return null;
  }
  // A prepay company has a balance problem at or below zero; postpay companies never do.
  const [updated] = await queryRows<{ balance_cents: string | number; balance_problem: boolean }>(tx, sql`
    update companies set
      balance_cents = balance_cents + ${posting.amountCents},
      balance_problem = (billing_type = 1 and balance_cents + ${posting.amountCents} <= 0),
      balance_problem_since = case
        when billing_type = 1 and balance_cents + ${posting.amountCents} <= 0 then coalesce(balance_problem_since, now())
        else null end
    where id = ${posting.companyId}
    returning balance_cents, balance_problem`);
  if (!updated) throw new AppError('not_found');
  const balanceAfterCents = Number(updated.balance_cents);
  const [entry] = await queryRows<{ id: string | number }>(tx, sql`
    insert into ledger_entries (company_id, kind, amount_cents, balance_after_cents, bill_id, reason, author_id, idempotency_key)
    values (${posting.companyId}, ${posting.kind}, ${posting.amountCents}, ${balanceAfterCents}, ${posting.billId ?? null},
            ${posting.reason ?? null}, ${posting.authorId ?? null}, ${posting.idempotencyKey ?? null})
    returning id`);
  return {
    id: Number(entry?.id),
    balanceAfterCents,
    balanceProblem: updated.balance_problem,
    balanceProblemChanged: updated.balance_problem !== company.balance_problem,
  };
}
