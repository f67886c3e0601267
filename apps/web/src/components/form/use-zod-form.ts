import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/** How a zod issue becomes the message the form keeps: an i18n key under the form's `errorKeys`. */
export type IssueToKey = (issue: z.core.$ZodRawIssue) => string | undefined;

type ZodFormProps<Input extends FieldValues, Output extends FieldValues> = Omit<UseFormProps<Input, unknown, Output>, 'resolver'> & {
  /** Turns the schema's issues into message keys (default: the message the schema gives). */
  issueToKey?: IssueToKey;
};

/**
 * A react-hook-form form checked by a zod schema — the contract's request schema where the endpoint has
 * one, so the browser and the server hold the same bounds. Mode and values pass through unchanged.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  // The types come from the schema alone, not from the default values ('outgoing' stays a literal).
  { issueToKey, ...props }: ZodFormProps<NoInfer<Input>, NoInfer<Output>> = {},
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    ...props,
    resolver: zodResolver(schema, issueToKey ? { error: issueToKey } : undefined),
  });
}
