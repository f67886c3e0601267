import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { QUEUE_API } from '@cab/contract/queue';
import { api, required } from '@/lib/api';
import { listNotifications } from '@/lib/notify-api';
import {
  mergeQueueList,
  notifyFromList,
  NOTIFY_KEY,
  QUEUE_FINISHED_KEY,
  QUEUE_KEY,
  type NotifyState,
  type QueueState,
} from './header-state';

/** Loaded once per session; later changes come over the websocket. */
export function queueQueryOptions(queryClient: QueryClient) {
  return queryOptions({
    queryKey: QUEUE_KEY,
    staleTime: Infinity,
    queryFn: async (): Promise<QueueState> => {
      const current = queryClient.getQueryData<QueueState>(QUEUE_KEY);
      // Spec §4: the list is loaded only while the counter is 0.
      if (current && current.count > 0) return current;
      const list = required(await api.call(QUEUE_API.list));
      return mergeQueueList(queryClient.getQueryData<QueueState>(QUEUE_KEY), list);
    },
  });
}

/** Asked for while the dropdown is open; an operation's end (queue_del) marks it stale. */
export function finishedQueueQueryOptions() {
  return queryOptions({
    queryKey: QUEUE_FINISHED_KEY,
    queryFn: async () => required(await api.call(QUEUE_API.finished, {})).items,
  });
}

export function notifyQueryOptions() {
  return queryOptions({
    queryKey: NOTIFY_KEY,
    staleTime: Infinity,
    queryFn: async (): Promise<NotifyState> => notifyFromList(await listNotifications(false)),
  });
}
