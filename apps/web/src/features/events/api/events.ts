import { useInfiniteQuery } from '@tanstack/react-query';
import { SIM_EVENTS_API } from '@cab/contract/sim-events';
import { api, required } from '@/lib/api';
import type { EventsFilter } from '../model/events-filter';

/** Every query of the events page: a `sim_events` push refetches the open one. */
export const EVENTS_KEY = ['events'] as const;
export const EVENTS_PAGE_SIZE = 50;

/** The company's events, newest first, a page at a time by keyset ("Show more"). */
export function useCompanyEvents(filter: EventsFilter, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...EVENTS_KEY, filter],
    queryFn: async ({ pageParam, signal }) =>
      required(await api.call(SIM_EVENTS_API.list, { ...filter, size: EVENTS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, { signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled,
  });
}
