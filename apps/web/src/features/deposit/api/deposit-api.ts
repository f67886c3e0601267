import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMPANIES_API } from '@cab/contract/companies';
import { DEPOSIT_API, type DepositAdjustRequest, type DepositListRequest } from '@cab/contract/deposit';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { ME_KEY } from '@/lib/me-query';

const DEPOSIT_KEY = ['deposit'] as const;

/** One page of the ledger; the previous page stays on screen while the next loads. */
export function useLedger(request: DepositListRequest) {
  return useQuery({
    queryKey: [...DEPOSIT_KEY, 'list', request],
    queryFn: async () => required(await api.call(DEPOSIT_API.list, request)),
    placeholderData: keepPreviousData,
  });
}

/** Companies the filter offers: the user's own and its children (root: any). */
export const depositCompaniesQuery = queryOptions({
  queryKey: [...DEPOSIT_KEY, 'companies'],
  queryFn: async () => required(await api.call(COMPANIES_API.scope, {})),
  staleTime: 5 * 60_000,
});

/** Root's +N/-N change; the ledger and the user data (sidebar balance) refresh after it. */
export function useAdjustBalance(onError: (error: ApiError) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DepositAdjustRequest) => required(await api.call(DEPOSIT_API.adjust, body, { onError })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: DEPOSIT_KEY });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}
