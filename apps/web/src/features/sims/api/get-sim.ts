import { useQuery } from '@tanstack/react-query';
import { TOAST_LIFE_MS } from '@cab/contract/constants';
import { API } from '@cab/contract/paths';
import type { SimDetail } from '@cab/contract/sims';
import { api, required } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { i18next } from '@/lib/i18n';
import { showToast } from '@/lib/toast-bus';

export const simDetailKey = (id: number) => ['sims', 'detail', id] as const;

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A missing SIM (or another company's) is a page state, not a toast. */
function toastUnlessNotFound(error: ApiError): void {
  if (error.status === 404) return;
  showToast({
    severity: 'error',
    summary: i18next.t('common.error'),
    detail: error.message || i18next.t('common.unexpectedError'),
    life: TOAST_LIFE_MS,
    group: 'tr',
  });
}

export function useSim(id: number | null) {
  return useQuery({
    queryKey: simDetailKey(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      required(await api.post<SimDetail>(API.simsGet, { id }, { signal, onError: toastUnlessNotFound })),
    retry: (count, error) => !isNotFound(error) && count < 1,
  });
}
