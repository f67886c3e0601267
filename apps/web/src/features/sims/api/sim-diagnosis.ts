import { useQuery } from '@tanstack/react-query';
import { SIM_DIAGNOSTICS_API } from '@cab/contract/sim-diagnostics';
import { api, required } from '@/lib/api';
import { SIMS_KEY } from './query-keys';

/** "Why is this SIM not connecting?": asked when the panel is opened, again with every sim_update. */
export function useSimDiagnosis(simId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...SIMS_KEY, 'diagnosis', simId],
    queryFn: async ({ signal }) => required(await api.call(SIM_DIAGNOSTICS_API.diagnose, { id: simId }, { signal })),
    enabled,
  });
}
