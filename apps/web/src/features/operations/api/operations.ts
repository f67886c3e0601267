import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OperationDetail,
  OperationListRequest,
  OperationListResult,
  OperationResultsRequest,
  OperationResultsResult,
} from '@cab/contract/operations';
import { OPS_API } from '@cab/contract/paths-ops';
import type { QueueCreateResult } from '@cab/contract/queue';
import { api, required } from '@/lib/api';

/** Every key starts with 'operations'; a queue event (queue_change/queue_del) refreshes them all. */
export function useOperationList(request: OperationListRequest) {
  return useQuery({
    queryKey: ['operations', 'list', request],
    queryFn: async ({ signal }) => required(await api.post<OperationListResult>(OPS_API.operationsList, request, { signal })),
    placeholderData: keepPreviousData,
  });
}

export function operationQuery(qid: number) {
  return queryOptions({
    queryKey: ['operations', 'get', qid],
    queryFn: async ({ signal }) => required(await api.post<OperationDetail>(OPS_API.operationsGet, { qid }, { signal })),
    // A running operation's counters move: look again while the page is open.
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 3000 : false),
  });
}

export function useOperationResults(request: OperationResultsRequest) {
  return useQuery({
    queryKey: ['operations', 'results', request],
    queryFn: async ({ signal }) =>
      required(await api.post<OperationResultsResult>(OPS_API.operationsResults, request, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** "Retry failed": a new operation over exactly the failed SIMs. */
export function useRetryFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (qid: number) => required(await api.act<QueueCreateResult>(OPS_API.operationsRetry, { qid })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operations'] }),
  });
}
