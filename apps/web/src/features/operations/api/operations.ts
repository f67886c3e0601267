import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATIONS_API, type OperationListRequest, type OperationResultsRequest } from '@cab/contract/operations';
import { api, required } from '@/lib/api';

/** Every key starts with 'operations'; a queue event (queue_change/queue_del) refreshes them all. */
export function useOperationList(request: OperationListRequest) {
  return useQuery({
    queryKey: ['operations', 'list', request],
    queryFn: async ({ signal }) => required(await api.call(OPERATIONS_API.list, request, { signal })),
    placeholderData: keepPreviousData,
  });
}

export function operationQuery(qid: number) {
  return queryOptions({
    queryKey: ['operations', 'get', qid],
    queryFn: async ({ signal }) => required(await api.call(OPERATIONS_API.get, { qid }, { signal })),
    // A running operation's counters move: look again while the page is open.
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 3000 : false),
  });
}

export function useOperationResults(request: OperationResultsRequest) {
  return useQuery({
    queryKey: ['operations', 'results', request],
    queryFn: async ({ signal }) => required(await api.call(OPERATIONS_API.results, request, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** "Retry failed": a new operation over exactly the failed SIMs. */
export function useRetryFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (qid: number) => required(await api.call(OPERATIONS_API.retry, { qid })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operations'] }),
  });
}
