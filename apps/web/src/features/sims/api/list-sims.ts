import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SIMS_API, type SimListRequest } from '@cab/contract/sims';
import { api, required } from '@/lib/api';

/**
 * Every SIM query key starts with 'sims', so a `sim_update` event refreshes lists and SIM pages alike.
 * The CSV text stays out of the key (it can be megabytes); `csvKey` names the file instead.
 */
export function simListQueryOptions(request: SimListRequest, csvKey: string | null) {
  const { csv: _csv, ...filter } = request.filter ?? {};
  return queryOptions({
    queryKey: ['sims', 'list', { ...request, filter }, csvKey],
    queryFn: async ({ signal }) => required(await api.call(SIMS_API.list, request, { signal })),
  });
}

export function useSimList(request: SimListRequest, csvKey: string | null) {
  return useQuery({ ...simListQueryOptions(request, csvKey), placeholderData: keepPreviousData });
}
