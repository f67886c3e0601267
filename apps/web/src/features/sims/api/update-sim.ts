import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SIMS_API, type SimUpdateRequest } from '@cab/contract/sims';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { simDetailKey } from './get-sim';
import { SIM_LIST_KEY } from './query-keys';

/** POST /api/sims/update; the page takes the answer, lists refetch. */
export function useUpdateSim(onError?: (error: ApiError) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SimUpdateRequest) =>
      required(await api.call(SIMS_API.update, request, onError ? { onError } : undefined)),
    onSuccess: (sim) => {
      queryClient.setQueryData(simDetailKey(sim.id), sim);
      void queryClient.invalidateQueries({ queryKey: SIM_LIST_KEY });
    },
  });
}
