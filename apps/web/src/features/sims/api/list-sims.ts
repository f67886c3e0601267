import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SIMS_API, type SimListRequest } from '@cab/contract/sims';
import { api, required } from '@/lib/api';
import { SIM_LIST_KEY } from './query-keys';

/**
 * Every SIM query key starts with SIMS_KEY (./query-keys), so a `sim_update` event refreshes them all.
 * The CSV text stays out of the key (it can be megabytes); `csvKey` names the file instead.
 */
export function simListQueryOptions(request: SimListRequest, csvKey: string | null) {
  const { csv: _csv, ...filter } = request.filter ?? {};
  return queryOptions({
    queryKey: [...SIM_LIST_KEY, { ...request, filter }, csvKey],
    queryFn: async ({ signal }) => required(await api.call(SIMS_API.list, request, { signal })),
  });
}

export function useSimList(request: SimListRequest, csvKey: string | null) {
  return useQuery({ ...simListQueryOptions(request, csvKey), placeholderData: keepPreviousData });
}
