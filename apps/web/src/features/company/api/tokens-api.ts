import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_TOKENS_API } from '@cab/contract/api-tokens';
import { api, required } from '@/lib/api';

const TOKENS_KEY = ['tokens'] as const;

export const tokensQueryOptions = queryOptions({
  queryKey: TOKENS_KEY,
  queryFn: async () => required(await api.call(API_TOKENS_API.list, {})),
});

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => required(await api.call(API_TOKENS_API.create, { name })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => required(await api.call(API_TOKENS_API.revoke, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}
