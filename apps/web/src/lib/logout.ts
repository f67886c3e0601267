import { AUTH_API } from '@cab/contract/auth';
import { api } from './api';
import { cookieTokenStorage } from './auth-storage';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { sessionStore } from './session-store';

/** Spec §4: POST logout, mark logged out, remove the tokens, announce `user-change`, go to /login. */
export async function logout(): Promise<void> {
  // Refresh first (if due): a refresh rotates the refresh token the server must revoke.
  await api.freshToken();
  const { refreshToken } = cookieTokenStorage.read();
  try {
    await api.call(AUTH_API.logout, refreshToken ? { refresh_token: refreshToken } : {}, { onError: () => undefined });
  } catch {
    // The local logout below happens whatever the server answered.
  }
  sessionStore.setStatus('out');
  cookieTokenStorage.clear();
  queryClient.clear();
  window.dispatchEvent(new CustomEvent('user-change'));
  navigateTo('/login');
}
