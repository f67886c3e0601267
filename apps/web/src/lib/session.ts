import type { LoginResult } from '@cab/contract/auth';
import { CABINET_VERSION } from '@cab/contract/constants';
import type { MeRequest } from '@cab/contract/me';
import { api } from './api';
import { cookieTokenStorage, storeLogin } from './auth-storage';
import { isTokenFresh } from './jwt';
import { navigateTo } from './navigation';
import { sessionStore } from './session-store';

const GUEST_SCREENS = ['/login', '/register', '/forgot'];

/** The body of the current user's data call (lib/me-query.ts), here so the entry can send it early. */
export const ME_REQUEST: MeRequest = { version: CABINET_VERSION };

/** Decides the session on page load (spec §4): a fresh token, else one refresh attempt. */
export function bootstrapSession(pathname: string): void {
  const { token, refreshToken } = cookieTokenStorage.read();
  if (isTokenFresh(token)) {
    sessionStore.setStatus('in');
    return;
  }
  if (!refreshToken || GUEST_SCREENS.some((screen) => pathname.startsWith(screen))) {
    sessionStore.setStatus('out');
    return;
  }
  sessionStore.setStatus('checking');
  void api.freshToken().then((fresh) => {
    sessionStore.setStatus(isTokenFresh(fresh) ? 'in' : 'out');
  });
}

export function completeLogin(result: LoginResult): void {
  storeLogin(result);
  sessionStore.setStatus('in');
  navigateTo('/home');
}
