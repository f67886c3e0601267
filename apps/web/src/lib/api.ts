import { TOAST_LIFE_MS } from '@cab/contract/constants';
import type { BodyOf, Endpoint, ResultOf } from '@cab/contract/endpoint';
import type { ApiError } from './api-error';
import { createApiClient } from './api-client';
import { getAppId } from './app-id';
import { cookieTokenStorage } from './auth-storage';
import { currentLang } from './i18n';
import { navigateTo } from './navigation';
import { sessionStore } from './session-store';
import { showToast, type ToastText } from './toast-bus';

export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  navigate: navigateTo,
  toast: showToast,
  getLang: currentLang,
  getPathname: () => window.location.pathname,
  getAppId,
  tokens: cookieTokenStorage,
  onLoggedOut: () => sessionStore.setStatus('out'),
});

export class NetworkError extends Error {
  constructor() {
    super('Network request failed');
    this.name = 'NetworkError';
  }
}

/** For queries: a network failure (null) becomes a query error instead of empty data. */
export function required<T>(value: T | null): T {
  if (value === null) throw new NetworkError();
  return value;
}

/** Calls and throws the server's localized error, so a form or dialog shows it beside its fields
 * (the client's own error toast is not raised). */
export async function callOrThrow<E extends Endpoint>(endpoint: E, body: BodyOf<E>): Promise<ResultOf<E>> {
  const failure: { error?: ApiError } = {};
  const result = await api.call(endpoint, body, {
    onError: (error) => {
      failure.error = error;
    },
  });
  if (failure.error) throw failure.error;
  return required(result);
}

/** The spec's success toast (title Success/Успешно, 3000 ms). */
export function showSuccessToast(detail: ToastText): void {
  showToast({ severity: 'success', summary: { key: 'common.success' }, detail, life: TOAST_LIFE_MS, group: 'tr' });
}
