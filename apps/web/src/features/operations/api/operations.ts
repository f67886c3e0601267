import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATIONS_API, type OperationListRequest, type OperationResultsRequest } from '@cab/contract/operations';
import { api, required } from '@/lib/api';
import { OPERATIONS_KEY, OPERATIONS_LIST_KEY } from './query-keys';

/** Every key starts with OPERATIONS_KEY (./query-keys); a queue event (queue_add/queue_del) refreshes them. */
export function useOperationList(request: OperationListRequest) {
  return useQuery({
    queryKey: [...OPERATIONS_LIST_KEY, request],
    queryFn: async ({ signal }) => required(await api.call(OPERATIONS_API.list, request, { signal })),
    placeholderData: keepPreviousData,
  });
}

export function operationQuery(qid: number) {
  return queryOptions({
    queryKey: [...OPERATIONS_KEY, 'get', qid],
    queryFn: async ({ signal }) => required(await api.call(OPERATIONS_API.get, { qid }, { signal })),
    // A running operation's counters move: look again while the page is open.
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 3000 : false),
  });
}

export function useOperationResults(request: OperationResultsRequest) {
  return useQuery({
    queryKey: [...OPERATIONS_KEY, 'results', request],
    queryFn: async ({ signal }) => required(await api.call(OPERATIONS_API.results, request, { signal })),
    placeholderData: keepPreviousData,
    // An SMS's delivery receipt comes after the operation is done: look again while one is awaited.
    refetchInterval: (query) => (query.state.data?.items.some((row) => row.delivery === 'queued') ? 5000 : false),
  });
}

/** "Retry failed": a new operation over exactly the failed SIMs. */
export function useRetryFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (qid: number) => required(await api.call(OPERATIONS_API.retry, { qid })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATIONS_KEY }),
  });
}
