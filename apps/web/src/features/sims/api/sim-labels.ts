import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SimDetail } from '@cab/contract/sims';
import { SIM_LABELS_API } from '@cab/contract/sim-labels';
import { api, required } from '@/lib/api';
import { simDetailKey } from './get-sim';
import { SIM_LABELS_KEY, simLabelsQuery } from '@/lib/sim-labels-query';
import { SIM_LIST_KEY } from './query-keys';

/** The labels in use in the user's company: the filter's choice and the editor's suggestions. */
export function useCompanyLabels() {
  return useQuery(simLabelsQuery());
}

/** Adds or removes one label of a SIM; the SIM page takes the answer, lists and the label list refetch. */
export function useChangeSimLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, label, change }: { id: number; label: string; change: 'add' | 'remove' }) =>
      required(await api.call(change === 'add' ? SIM_LABELS_API.add : SIM_LABELS_API.remove, { id, label })),
    onSuccess: ({ id, labels }) => {
      queryClient.setQueryData<SimDetail>(simDetailKey(id), (sim) => (sim ? { ...sim, labels } : sim));
      void queryClient.invalidateQueries({ queryKey: SIM_LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: SIM_LABELS_KEY });
    },
  });
}
