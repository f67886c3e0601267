import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SIMS_API, type USAGE_KINDS } from '@cab/contract/sims';
import { api, required } from '@/lib/api';

export type UsageKind = (typeof USAGE_KINDS)[number];
export const USAGE_PAGE_SIZE = 10;

export function useSimUsage(id: number, kind: UsageKind, page: number) {
  return useQuery({
    queryKey: ['sims', 'usage', id, kind, page],
    queryFn: async ({ signal }) =>
      required(await api.call(SIMS_API.usage, { id, kind, page, size: USAGE_PAGE_SIZE }, { signal })),
    placeholderData: keepPreviousData,
  });
}
