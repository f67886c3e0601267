import { z } from 'zod';
import { ORDER_COUNT_MAX, isValidOrderCount } from '@cab/contract/orders';

/**
 * The new-order form: the contract's bounds plus the spec's rules (§5). Messages are i18n keys under
 * `orders.errors`, so the form speaks the user's language before the server is asked.
 */
export const orderFormSchema = z.object({
  company_id: z.number({ error: 'required' }).int().positive({ error: 'required' }),
  count: z
    .number({ error: 'count' })
    .int({ error: 'count' })
    .max(ORDER_COUNT_MAX, { error: 'count' })
    .refine(isValidOrderCount, { error: 'count' }),
  contact: z.string().trim().min(1, { error: 'required' }).max(500, { error: 'tooLong' }),
  address: z.string().trim().min(1, { error: 'required' }).max(1000, { error: 'tooLong' }),
});
export type OrderFormValues = z.infer<typeof orderFormSchema>;
