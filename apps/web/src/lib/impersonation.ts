import { COMPANIES_ADMIN_API } from '@cab/contract/companies-admin';
import { api } from './api';
import type { ApiError } from './api-error';
import { restoreImpersonationBackup, switchToImpersonatedSession } from './impersonation-backup';

/** Root signs in as another user: the server opens the session, the page reloads at / as that user. */
export async function signInAs(userId: number, onError?: (error: ApiError) => void): Promise<boolean> {
  const session = await api.call(COMPANIES_ADMIN_API.impersonate, { id: userId }, { onError });
  if (!session) return false;
  switchToImpersonatedSession(session);
  window.location.assign('/');
  return true;
}

/**
 * Restore (spec §4): the impersonated session is revoked on the server, root's saved credentials
 * come back, and the page reloads at /. Root gets back even if the server call fails.
 */
export async function restoreRootSession(): Promise<void> {
  try {
    await api.call(COMPANIES_ADMIN_API.impersonateEnd, {}, { onError: () => undefined });
  } catch {
    // The impersonated session may already be gone (expired, revoked): restoring still proceeds.
  }
  restoreImpersonationBackup();
  window.location.assign('/');
}
