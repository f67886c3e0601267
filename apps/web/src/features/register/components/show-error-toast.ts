import { TOAST_LIFE_MS } from '@cab/contract/constants';
import type { ApiError } from '@/lib/api-error';
import { showToast } from '@/lib/toast-bus';

/** The spec's error toast with the server's (already localized) message. */
export function showErrorToast(error: ApiError): void {
  showToast({
    severity: 'error',
    summary: { key: 'common.error' },
    detail: error.message || { key: 'common.unexpectedError' },
    life: TOAST_LIFE_MS,
    group: 'tr',
  });
}
