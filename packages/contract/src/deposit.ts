import { z } from 'zod';
import { Id, Page, Size, UnixSeconds } from './common.js';
import { action, read } from './endpoint.js';

/** Kinds of balance movement in the deposit ledger (ARCHITECTURE §7). */
export const LEDGER_KINDS = ['topup', 'charge', 'adjustment', 'order_payment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The monthly fee of one active (unblocked) SIM, in cents; prepay companies pay it day by day. */
export const SIM_MONTHLY_FEE_CENTS = 100;

/** The largest balance change root may enter at once: 1,000,000.00 EUR. */
export const BALANCE_CHANGE_MAX_CENTS = 100_000_000;

/** Spec §5: "+N" or "-N" EUR, up to two decimals, e.g. "+100", "-12.50". */
export const BALANCE_CHANGE_INPUT = /^([+-])(\d{1,7})(?:[.,](\d{1,2}))?$/;

/**
 * "+12.50" → 1250, "-3" → -300; null for anything else, zero, or more than the bound. Digits are
 * read as text, never through floating point, so no cent is gained or lost.
 */
export function parseBalanceChangeCents(text: string): number | null {
  const match = BALANCE_CHANGE_INPUT.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents === 0 || cents > BALANCE_CHANGE_MAX_CENTS) return null;
  return sign === '-' ? -cents : cents;
}

/** Spec §3 deposit filter: company (own or a child; root any) and type. */
export const DepositFilter = z.strictObject({
  company: Id.optional(),
  type: z.enum(LEDGER_KINDS).optional(),
});
export type DepositFilter = z.infer<typeof DepositFilter>;

export const DepositListRequest = z.strictObject({
  page: Page,
  size: Size,
  filter: DepositFilter.default({}),
});
export type DepositListRequest = z.input<typeof DepositListRequest>;

export const LedgerEntry = z.object({
  id: Id,
  added: UnixSeconds,
  company_id: Id,
  company_name: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed cents: positive credits the balance, negative debits it. */
  amount_cents: z.number().int(),
  balance_after_cents: z.number().int(),
  reason: z.string().nullable(),
  bill_number: z.string().nullable(),
  author: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const DepositListResult = z.object({ items: z.array(LedgerEntry), total: z.number().int() });
export type DepositListResult = z.infer<typeof DepositListResult>;

/** Root's balance change; `amount` is checked by parseBalanceChangeCents so the error is localized. */
export const DepositAdjustRequest = z.strictObject({
  company_id: Id,
  amount: z.string().max(32),
  reason: z.string().trim().min(1).max(500),
});
export type DepositAdjustRequest = z.infer<typeof DepositAdjustRequest>;

export const DepositAdjustResult = z.object({ entry_id: Id, balance_cents: z.number().int() });
export type DepositAdjustResult = z.infer<typeof DepositAdjustResult>;

/** The deposit ledger; only root changes a balance by hand (companies top up by paying bills). */
export const DEPOSIT_API = {
  list: read('/api/deposit/list', { body: DepositListRequest, result: DepositListResult, access: 'billing.read' }),
  adjust: action('/api/deposit/adjust', { body: DepositAdjustRequest, result: DepositAdjustResult, access: 'companies.manage', writable: false }),
} as const;
