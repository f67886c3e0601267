import { useQuery } from '@tanstack/react-query';
import { API } from '@cab/contract/paths';
import type { SimDetail } from '@cab/contract/sims';
import { api, required } from '@/lib/api';
import { ApiError } from '@/lib/api-error';

export const simDetailKey = (id: number) => ['sims', 'detail', id] as const;

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A failed load is a page state with the spec's text (sim-page), never a toast as well. */
export function useSim(id: number | null) {
  return useQuery({
    queryKey: simDetailKey(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      required(await api.post<SimDetail>(API.simsGet, { id }, { signal, onError: () => undefined })),
    retry: (count, error) => !isNotFound(error) && count < 1,
  });
}
