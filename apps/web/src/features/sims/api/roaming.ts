import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SIM_RULES_API, type SimRoamingBulkRequest, type SimRoamingSetRequest } from '@cab/contract/sim-rules';
import { api, required } from '@/lib/api';

export const simRoamingKey = (id: number) => ['sims', 'roaming', id] as const;

/** A SIM's roaming setting and its pending change (refetched on sim_update, under ['sims']). */
export function useSimRoaming(id: number) {
  return useQuery({
    queryKey: simRoamingKey(id),
    queryFn: async ({ signal }) => required(await api.call(SIM_RULES_API.simsRoamingGet, { id }, { signal })),
  });
}

export function useSetSimRoaming() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SimRoamingSetRequest) => required(await api.call(SIM_RULES_API.simsRoamingSet, request)),
    onSuccess: (_result, request) => void queryClient.invalidateQueries({ queryKey: simRoamingKey(request.id) }),
  });
}

export function useBulkRoaming() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SimRoamingBulkRequest) => required(await api.call(SIM_RULES_API.simsRoamingBulk, request)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['sims', 'roaming'] }),
  });
}

/** TC SIMs among `ids` last seen in a country where TC SIMs do not work (spec §9). */
export function useCountryWarnings(ids: number[]) {
  const key = ids.filter((id) => id > 0).slice(0, 200);
  return useQuery({
    queryKey: ['sims', 'country-warnings', key],
    enabled: key.length > 0,
    queryFn: async ({ signal }) =>
      required(await api.call(SIM_RULES_API.simsCountryWarnings, { ids: key }, { signal, onError: () => undefined })).items,
    staleTime: 60_000,
  });
}
