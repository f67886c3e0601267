import { useQuery } from '@tanstack/react-query';
import { SIMS_API } from '@cab/contract/sims';
import { api, required } from '@/lib/api';
import { ApiError } from '@/lib/api-error';

export const simDetailKey = (id: number) => ['sims', 'detail', id] as const;

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A failed load is a page state with the spec's text (sim-page), never a toast as well. */
export function useSim(id: number | null) {
  return useQuery({
    queryKey: simDetailKey(id ?? 0),
    enabled: id !== null,
    // Never run without an id (enabled), so the 0 of the key is never sent.
    queryFn: async ({ signal }) =>
      required(await api.call(SIMS_API.get, { id: id ?? 0 }, { signal, onError: () => undefined })),
    retry: (count, error) => !isNotFound(error) && count < 1,
  });
}
