import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERTS_API, type AlertRuleCreateRequest, type AlertRuleUpdateRequest } from '@cab/contract/alerts';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

const ALERTS_KEY = ['alerts'] as const;
export const FIRINGS_PAGE_SIZE = 20;

export function useAlertRules() {
  return useQuery({ queryKey: [...ALERTS_KEY, 'rules'], queryFn: async () => required(await api.call(ALERTS_API.rules, {})) });
}

export function useAlertFirings(page: number) {
  return useQuery({
    queryKey: [...ALERTS_KEY, 'firings', page],
    queryFn: async () => required(await api.call(ALERTS_API.firings, { page, size: FIRINGS_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
}

/** Create (no id) or update (an id) a rule; the rules list refetches. */
export function useSaveAlertRule(onError: (error: ApiError) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertRuleCreateRequest | AlertRuleUpdateRequest) =>
      'id' in body ? api.call(ALERTS_API.update, body, { onError }) : api.call(ALERTS_API.create, body, { onError }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

export function useDeleteAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(ALERTS_API.delete, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}
