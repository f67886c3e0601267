import { z } from 'zod';
import { RegisterStartRequest } from '@cab/contract/registration';

/**
 * The Welcome step's form: the contract's password bounds, a loose e-mail shape (the server checks it
 * strictly) and the repeat. Messages are keys under `register.errors`; the password's bounds carry none
 * of their own, and the only one reachable is its minimum (the input stops at the maximum).
 */
export const startFormSchema = z
  .object({
    // No abort on the empty e-mail: an aborted field would skip the repeat's check below. The form
    // shows a field's first issue, 'required'.
    email: z.string().trim().min(1, { error: 'required' }).regex(/^\S+@\S+\.\S+$/, { error: 'email' }),
    password: RegisterStartRequest.shape.password,
    repeat: z.string(),
  })
  .refine((values) => values.repeat === values.password, {
    path: ['repeat'],
    error: 'mismatch',
    // Said together with the other fields' problems, as before.
    when: (payload) => {
      const value = payload.value as Partial<Record<'password' | 'repeat', unknown>> | undefined;
      return typeof value?.password === 'string' && typeof value.repeat === 'string';
    },
  });
export type StartFormValues = z.infer<typeof startFormSchema>;

export const START_FORM_VALUES: StartFormValues = { email: '', password: '', repeat: '' };
