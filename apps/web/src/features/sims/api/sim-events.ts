import { useInfiniteQuery } from '@tanstack/react-query';
import { SIM_EVENTS_API } from '@cab/contract/sim-events';
import { api, required } from '@/lib/api';
import { SIMS_KEY } from './query-keys';

export const SIM_EVENTS_PAGE_SIZE = 20;

/** The key of every SIM page's events: a `sim_events` push refetches the open ones. */
export const SIM_EVENTS_KEY = [...SIMS_KEY, 'events'] as const;

/** A SIM's network events, newest first, a page at a time by keyset ("Show more"). */
export function useSimEvents(simId: number) {
  return useInfiniteQuery({
    queryKey: [...SIM_EVENTS_KEY, simId],
    queryFn: async ({ pageParam, signal }) =>
      required(await api.call(SIM_EVENTS_API.bySim, { id: simId, size: SIM_EVENTS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, { signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}
