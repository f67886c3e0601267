import { z } from 'zod';
import { SessionCheckResult } from './auth.js';
import { action } from './endpoint.js';
import { PASSWORD_MIN_LENGTH } from './profile.js';

/** Asks for a password-reset link; always answered the same, so it never tells whether the e-mail exists. */
export const ForgotRequest = z.strictObject({
  email: z.string().trim().min(1).max(200),
});
export type ForgotRequest = z.infer<typeof ForgotRequest>;

/** Sets a new password with the single-use token from the mailed link. */
export const ForgotResetRequest = z.strictObject({
  token: z.string().min(1).max(200),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(200),
});
export type ForgotResetRequest = z.infer<typeof ForgotResetRequest>;

/** How long a reset link stays valid. */
export const RESET_TOKEN_TTL_SECONDS = 3600;

/** Password recovery: the mailed link, then the new password. */
export const FORGOT_API = {
  request: action('/api/forgot/request', { body: ForgotRequest, result: SessionCheckResult, access: 'public', writable: false }),
  reset: action('/api/forgot/reset', { body: ForgotResetRequest, result: SessionCheckResult, access: 'public', writable: false }),
} as const;
