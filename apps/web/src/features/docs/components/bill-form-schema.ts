import { z } from 'zod';
import { BILL_MAX_AMOUNT_EUR } from '@cab/contract/bills';

/** The top-up form; messages are i18n keys under `docs.errors` (the minimum comes from the server). */
export function billFormSchema(minAmountEur: number) {
  return z.object({
    company_id: z.number().int().positive(),
    amount_eur: z
      .number({ error: 'invalid' })
      .positive({ error: 'invalid' })
      .max(BILL_MAX_AMOUNT_EUR, { error: 'tooBig' })
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: 'invalid' })
      .refine((value) => value >= minAmountEur, { error: 'min' }),
  });
}
export type BillFormValues = z.infer<ReturnType<typeof billFormSchema>>;
