import { FORGOT_API, type ForgotRequest, type ForgotResetRequest } from '@cab/contract/forgot';
import { api } from '@/lib/api';

/** POST /api/forgot/request; errors are shown inline by the form, so the default toast is off. */
export function requestResetLink(body: ForgotRequest): Promise<unknown> {
  return api.call(FORGOT_API.request, body, { onError: () => undefined });
}

/** POST /api/forgot/reset with the token from the mailed link. */
export function resetPassword(body: ForgotResetRequest): Promise<unknown> {
  return api.call(FORGOT_API.reset, body, { onError: () => undefined });
}
