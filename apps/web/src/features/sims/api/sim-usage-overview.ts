import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SIM_USAGE_API, type UsagePeriod } from '@cab/contract/sim-usage';
import { api, required } from '@/lib/api';
import { SIMS_KEY } from './query-keys';

/** The SIM page's usage over a period, its latest sessions and this month's spend (fresh with every sim_update). */
export function useSimUsageOverview(simId: number, period: UsagePeriod) {
  return useQuery({
    queryKey: [...SIMS_KEY, 'usage-overview', simId, period],
    queryFn: async ({ signal }) => required(await api.call(SIM_USAGE_API.overview, { id: simId, period }, { signal })),
    placeholderData: keepPreviousData,
  });
}
