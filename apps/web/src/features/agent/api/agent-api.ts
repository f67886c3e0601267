import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentCompaniesRequest, AgentLedgerRequest, RequestListRequest } from '@cab/contract/agents';
import { AGENT_API } from '@cab/contract/agents';
import type { BodyOf, Endpoint } from '@cab/contract/endpoint';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { AGENT_KEY } from './query-keys';

/** Every agent query starts with this key: a `notify` event or a change refreshes them all. */

const agentRef = (agentId: number | undefined) => (agentId === undefined ? {} : { agent_company_id: agentId });

export function useAgentInfo(agentId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [...AGENT_KEY, 'info', agentId ?? 'own'],
    queryFn: async () => required(await api.call(AGENT_API.info, agentRef(agentId))),
    enabled,
  });
}

export function useReferredCompanies(request: AgentCompaniesRequest) {
  return useQuery({
    queryKey: [...AGENT_KEY, 'companies', request],
    queryFn: async () => required(await api.call(AGENT_API.companies, request)),
    placeholderData: keepPreviousData,
  });
}

export function useAgentLedger(request: AgentLedgerRequest) {
  return useQuery({
    queryKey: [...AGENT_KEY, 'ledger', request],
    queryFn: async () => required(await api.call(AGENT_API.ledger, request)),
    placeholderData: keepPreviousData,
  });
}

export function useRequests(request: RequestListRequest) {
  return useQuery({
    queryKey: [...AGENT_KEY, 'requests', request],
    queryFn: async () => required(await api.call(AGENT_API.requestsList, request)),
    placeholderData: keepPreviousData,
  });
}

export function useRequest(id: number) {
  return useQuery({
    queryKey: [...AGENT_KEY, 'request', id],
    queryFn: async () => required(await api.call(AGENT_API.requestsGet, { id })),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Root's list of agents (pickers and filters). */
export function useAgents(enabled: boolean) {
  return useQuery({
    queryKey: [...AGENT_KEY, 'agents'],
    queryFn: async () => required(await api.call(AGENT_API.list, {})),
    enabled,
    staleTime: 60_000,
  });
}

function useAgentMutation<E extends Endpoint>(endpoint: E, onError: (error: ApiError) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BodyOf<E>) => required(await api.call(endpoint, body, { onError })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AGENT_KEY }),
  });
}

export const useCreateRequest = (onError: (error: ApiError) => void) =>
  useAgentMutation(AGENT_API.requestsCreate, onError);
export const useTransition = (onError: (error: ApiError) => void) =>
  useAgentMutation(AGENT_API.requestsTransition, onError);
export const useSetRate = (onError: (error: ApiError) => void) => useAgentMutation(AGENT_API.rate, onError);
