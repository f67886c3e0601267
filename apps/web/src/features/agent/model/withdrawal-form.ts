import { z } from 'zod';
import { PAYOUT_METHODS, isValidIban, parseWithdrawalCents } from '@cab/contract/agents';

/**
 * The payout request as typed: the contract's amount and IBAN rules, the amount between the minimum and
 * what is available. Messages are keys under `agent.withdraw`; a field only the other method uses is
 * not checked.
 */
export function withdrawalFormSchema(minCents: number, availableCents: number) {
  return z
    .object({
      amount: z.string(),
      method: z.enum(PAYOUT_METHODS),
      iban: z.string(),
      holder: z.string(),
      details: z.string(),
      comment: z.string(),
    })
    .superRefine((values, ctx) => {
      const issue = (path: keyof typeof values, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const cents = parseWithdrawalCents(values.amount);
      if (cents === null) issue('amount', 'amountFormat');
      else if (cents < minCents) issue('amount', 'belowMin');
      else if (cents > availableCents) issue('amount', 'overBalance');
      if (values.method === 'iban') {
        // An empty IBAN is missing, not wrong: it says so in the same words as every empty field.
        if (!values.iban.trim()) issue('iban', 'required');
        else if (!isValidIban(values.iban)) issue('iban', 'ibanInvalid');
        if (!values.holder.trim()) issue('holder', 'required');
      } else if (!values.details.trim()) {
        issue('details', 'required');
      }
    });
}
export type WithdrawalFormValues = z.infer<ReturnType<typeof withdrawalFormSchema>>;

export const EMPTY_WITHDRAWAL: WithdrawalFormValues = { amount: '', method: 'iban', iban: '', holder: '', details: '', comment: '' };
