import { z } from 'zod';

/** Stable error codes of the API (ARCHITECTURE §5); messages are localized by the server. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'invalid_credentials',
  'unauthorized',
  'token_expired',
  'refresh_invalid',
  'forbidden',
  'company_blocked',
  'not_found',
  'conflict',
  'registration_unfinished',
  'rate_limited',
  'csv_empty',
  'csv_invalid',
  'csv_too_large',
  'nothing_selected',
  'profile_not_allowed',
  'transfer_target_invalid',
  'group_name_taken',
  'wrong_password',
  'reset_link_invalid',
  'company_has_sims',
  'company_has_children',
  'company_protected',
  'company_tax_number_taken',
  'company_admin_email_taken',
  'impersonation_not_allowed',
  'impersonation_not_active',
  'email_taken',
  'company_exists',
  'phone_verification_failed',
  'registration_steps_missing',
  'registration_already_complete',
  'balance_change_invalid',
  'user_self_action',
  'last_admin',
  'order_status_invalid',
  'bill_not_payable',
  'bill_amount_too_small',
  'balance_insufficient',
  'too_many_password_attempts',
  'queue_limit_reached',
  'payload_too_large',
  'unsupported_media_type',
  'internal',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBody = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The success envelope: every 200 answer is `{ result: … }`. */
export function resultOf<T extends z.ZodType>(schema: T) {
  return z.object({ result: schema });
}
