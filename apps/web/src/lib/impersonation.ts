import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import type { LoginResult } from '@cab/contract/auth';
import { api } from './api';
import type { ApiError } from './api-error';
import { restoreImpersonationBackup, switchToImpersonatedSession } from './impersonation-backup';

/** Root signs in as another user: the server opens the session, the page reloads at / as that user. */
export async function signInAs(userId: number, onError?: (error: ApiError) => void): Promise<boolean> {
  const session = await api.act<LoginResult>(ACCOUNT_API.usersImpersonate, { id: userId }, { onError });
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
    await api.post(ACCOUNT_API.usersImpersonateEnd, {}, { onError: () => undefined });
  } catch {
    // The impersonated session may already be gone (expired, revoked): restoring still proceeds.
  }
  restoreImpersonationBackup();
  window.location.assign('/');
}
