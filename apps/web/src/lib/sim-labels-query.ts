import { queryOptions } from '@tanstack/react-query';
import { SIM_LABELS_API } from '@cab/contract/sim-labels';
import { api, required } from './api';

/**
 * The labels in use in a company (the user's own without one): the SIM list's and the reports' label
 * filter and the SIM page's suggestions share it. Under 'sims', so a sim_update event refreshes it.
 */
export const SIM_LABELS_KEY = ['sims', 'labels'] as const;

export const simLabelsQuery = (company?: number) =>
  queryOptions({
    queryKey: [...SIM_LABELS_KEY, company ?? 'own'],
    queryFn: async ({ signal }) => required(await api.call(SIM_LABELS_API.list, company === undefined ? {} : { company }, { signal })).items,
    staleTime: 60_000,
  });
