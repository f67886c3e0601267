import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenCreateResult, ApiTokensListResult } from '@cab/contract/api-tokens';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import { api, required } from '@/lib/api';

const TOKENS_KEY = ['tokens'] as const;

export const tokensQueryOptions = queryOptions({
  queryKey: TOKENS_KEY,
  queryFn: async () => required(await api.post<ApiTokensListResult>(ACCOUNT_API.tokensList, {})),
});

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => required(await api.act<ApiTokenCreateResult>(ACCOUNT_API.tokensCreate, { name })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => required(await api.act<unknown>(ACCOUNT_API.tokensRevoke, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}
