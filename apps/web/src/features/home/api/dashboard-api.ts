import { useQuery } from '@tanstack/react-query';
import { GENERATED_REPORTS_API } from '@cab/contract/generated-reports';
import { QUEUE_API } from '@cab/contract/queue';
import { api, required } from '@/lib/api';
import { listNotifications, sortNewestFirst } from '@/lib/notify-api';

/** SIMs by state and 30 days of traffic and cost; refreshed every minute while the page is open. */
export function useDashboardSummary() {
  return useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: async () => required(await api.call(GENERATED_REPORTS_API.dashboardSummary, {})),
    refetchInterval: 60_000,
  });
}

/**
 * Running operations: the header's queue cache (key ['queue'], kept current by the websocket), so
 * the card moves with the header; loaded here only when the header has not yet.
 */
export function useRunningOperations() {
  return useQuery({
    queryKey: ['queue'],
    staleTime: Infinity,
    queryFn: async () => required(await api.call(QUEUE_API.list)),
  });
}

/** The newest notifications of the user (read or not). */
export function useLatestNotifications(limit: number) {
  return useQuery({
    queryKey: ['dashboard', 'notifications'],
    queryFn: async () => sortNewestFirst((await listNotifications(false)).items).slice(0, limit),
    refetchInterval: 60_000,
  });
}
