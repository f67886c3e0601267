import { STORAGE_KEYS } from '@cab/contract/storage';
import { cookieTokenStorage, storeLogin } from './auth-storage';
import { getCookie, removeCookie, setCookie } from './cookies';

/* Spec §4 impersonation: root's own credentials wait in old_* cookies while it works as another user.
   Kept apart from auth-storage so the login route's bundle does not carry them. */

export function hasImpersonationBackup(): boolean {
  return getCookie(STORAGE_KEYS.oldToken) !== null;
}

/**
 * Spec §4 impersonation: the current (root) credentials are saved as old_token, old_refresh_token,
 * old_id and replaced by the session of the user root signs in as.
 */
export function switchToImpersonatedSession(session: { token: string; refresh_token: string; id: number }): void {
  const current = cookieTokenStorage.read();
  const currentId = getCookie(STORAGE_KEYS.userId);
  // A second switch keeps the first backup: Restore must lead back to root, not to an impersonated user.
  if (!hasImpersonationBackup() && current.token && current.refreshToken) {
    setCookie(STORAGE_KEYS.oldToken, current.token);
    setCookie(STORAGE_KEYS.oldRefreshToken, current.refreshToken);
    if (currentId !== null) setCookie(STORAGE_KEYS.oldUserId, currentId);
  }
  storeLogin(session);
}

/** Puts the saved root credentials back (spec §4 impersonation restore). */
export function restoreImpersonationBackup(): void {
  const pairs = [
    [STORAGE_KEYS.oldToken, STORAGE_KEYS.token],
    [STORAGE_KEYS.oldRefreshToken, STORAGE_KEYS.refreshToken],
    [STORAGE_KEYS.oldUserId, STORAGE_KEYS.userId],
  ] as const;
  for (const [from, to] of pairs) {
    const value = getCookie(from);
    if (value !== null) setCookie(to, value);
    removeCookie(from);
  }
}
