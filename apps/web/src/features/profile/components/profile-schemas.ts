import { z } from 'zod';
import { LANGS } from '@cab/contract/constants';
import { PASSWORD_MIN_LENGTH, PasswordChangeRequest, ProfileUpdateRequest } from '@cab/contract/profile';

/**
 * Form-side views of the contract schemas. Messages are i18n keys under `profile.errors`:
 * `fieldErrorKey` turns any issue of the contract's rules into one.
 */
/** What the messages under `profile.errors` interpolate. */
export const PROFILE_ERROR_VALUES = { min: PASSWORD_MIN_LENGTH };

export function fieldErrorKey(issue: z.core.$ZodRawIssue): string {
  if (issue.code === 'too_small') return issue.minimum === 1 ? 'required' : 'tooShort';
  if (issue.code === 'too_big') return 'tooLong';
  return 'invalid';
}

export const profileFormSchema = ProfileUpdateRequest.extend({
  // The input holds a string; an empty one means "no phone".
  phone: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(ProfileUpdateRequest.shape.phone),
  lang: z.enum(LANGS),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

export const passwordFormSchema = PasswordChangeRequest.extend({ repeat_password: z.string() }).refine(
  (values) => values.repeat_password === values.new_password,
  {
    path: ['repeat_password'],
    error: 'mismatch',
    // Say so even while another field is still invalid, as the user types.
    when: (payload) => {
      const value = payload.value as Partial<Record<'new_password' | 'repeat_password', unknown>> | undefined;
      return typeof value?.new_password === 'string' && typeof value.repeat_password === 'string';
    },
  },
);
export type PasswordFormValues = z.infer<typeof passwordFormSchema>;

export const EMPTY_PASSWORD_FORM: PasswordFormValues = { current_password: '', new_password: '', repeat_password: '' };
