import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';

export const LEDGER_KINDS = ['topup', 'charge', 'adjustment', 'order_payment'] as const;
/** Kinds of an agent company's reward ledger: they move its reward balance, never its company balance. */
export const AGENT_LEDGER_KINDS = ['agent_reward', 'agent_reward_reversal', 'withdrawal_hold', 'withdrawal_release'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number] | (typeof AGENT_LEDGER_KINDS)[number];

function isAgentKind(kind: LedgerKind): kind is (typeof AGENT_LEDGER_KINDS)[number] {
  return (AGENT_LEDGER_KINDS as readonly string[]).includes(kind);
}

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
  /** Agent kinds: the referred company whose bill the reward is for. */
  sourceCompanyId?: number | null;
  /** Agent kinds: the withdrawal request of a hold or release. */
  requestId?: number | null;
  /**
   * Refuse (BalanceInsufficientError, nothing written) a posting that would leave the balance below
   * zero: a hold never takes more than the balance, however many run at once.
   */
  notBelowZero?: boolean;
}

/**
 * A `notBelowZero` posting did not fit the balance; nothing was written. A plain error, not an
 * AppError: what it means to a user (and which answer it becomes) is the calling module's to say.
 */
export class BalanceInsufficientError extends Error {
  constructor(readonly companyId: number) {
    super(`ledger posting refused: balance of company ${companyId} would go below zero`);
    this.name = 'BalanceInsufficientError';
  }
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
  if (isAgentKind(posting.kind)) return postAgentEntry(tx, posting);
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
  const id = await insertEntry(tx, posting, balanceAfterCents);
  return {
    id,
    balanceAfterCents,
    balanceProblem: updated.balance_problem,
    balanceProblemChanged: updated.balance_problem !== company.balance_problem,
  };
}

async function insertEntry(tx: Executor, posting: LedgerPosting, balanceAfterCents: number): Promise<number> {
  const [entry] = await queryRows<{ id: string | number }>(tx, sql`
    insert into ledger_entries (company_id, kind, amount_cents, balance_after_cents, bill_id, reason, author_id, idempotency_key,
                                source_company_id, request_id)
    values (${posting.companyId}, ${posting.kind}, ${posting.amountCents}, ${balanceAfterCents}, ${posting.billId ?? null},
            ${posting.reason ?? null}, ${posting.authorId ?? null}, ${posting.idempotencyKey ?? null},
            ${posting.sourceCompanyId ?? null}, ${posting.requestId ?? null})
    returning id`);
  return Number(entry?.id);
}

/**
 * The agent side of the same function: the agent account's row is locked (concurrent postings of an
 * agent run one after another), the key checked, and the balance moved by one conditional UPDATE, so
 * a `notBelowZero` posting that does not fit changes nothing.
 */
async function postAgentEntry(tx: Executor, posting: LedgerPosting): Promise<PostedEntry | null> {
  const [account] = await queryRows<{ company_id: number }>(tx, sql`
    select company_id from agent_accounts where company_id = ${posting.companyId} for update`);
  if (!account) throw new AppError('not_an_agent');
  if (posting.idempotencyKey) {
    const seen = await queryRows<{ id: number }>(tx, sql`
      select id from ledger_entries where company_id = ${posting.companyId} and idempotency_key = ${posting.idempotencyKey}`);
    if (seen.length > 0) return null;
  }
  const floor = posting.notBelowZero === true;
  const [updated] = await queryRows<{ reward_balance_cents: string | number }>(tx, sql`
    update agent_accounts set reward_balance_cents = reward_balance_cents + ${posting.amountCents}
    where company_id = ${posting.companyId} and (${!floor} or reward_balance_cents + ${posting.amountCents} >= 0)
    returning reward_balance_cents`);
  if (!updated) throw new BalanceInsufficientError(posting.companyId);
  const balanceAfterCents = Number(updated.reward_balance_cents);
  const id = await insertEntry(tx, posting, balanceAfterCents);
  return { id, balanceAfterCents, balanceProblem: false, balanceProblemChanged: false };
}
