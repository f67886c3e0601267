import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bill, BillCreateRequest, BillListRequest, BillListResult, BillSettings } from '@cab/contract/bills';
import type { ScopeCompaniesResult } from '@cab/contract/companies';
import { API } from '@cab/contract/paths';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import { COMMERCE_API } from '@cab/contract/paths-commerce';
import type { CountryListResult } from '@cab/contract/registration';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { ME_KEY } from '@/lib/me-query';

export const BILLS_KEY = ['bills'] as const;

export function useBillList(request: BillListRequest) {
  return useQuery({
    queryKey: [...BILLS_KEY, 'list', request],
    queryFn: async ({ signal }) => required(await api.post<BillListResult>(COMMERCE_API.billsList, request, { signal })),
    placeholderData: keepPreviousData,
  });
}

export const billSettingsQuery = queryOptions({
  queryKey: [...BILLS_KEY, 'settings'],
  queryFn: async () => required(await api.post<BillSettings>(COMMERCE_API.billsSettings, {})),
  staleTime: 10 * 60_000,
});

/** Companies the docs filter and the bill form offer: the user's own and its children (root: any). */
export const billCompaniesQuery = queryOptions({
  queryKey: [...BILLS_KEY, 'companies'],
  queryFn: async () => required(await api.post<ScopeCompaniesResult>(API.companiesScope, {})),
  staleTime: 5 * 60_000,
});

/** Countries a company (so its bills) may be in: the registration's list, for the docs filter's picker. */
export const billCountriesQuery = queryOptions({
  queryKey: [...BILLS_KEY, 'countries'],
  queryFn: async () => required(await api.post<CountryListResult>(ACCOUNT_API.registerCountries, {})),
  staleTime: Infinity,
});

/** Paying moves balances and orders too: the user data (balance) and order lists refetch. */
function useBillMutation<T>(path: string, onError?: (error: ApiError) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: T) => required(await api.act<Bill>(path, body, onError ? { onError } : undefined)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BILLS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

export const useCreateBill = (onError: (error: ApiError) => void) => useBillMutation<BillCreateRequest>(COMMERCE_API.billsCreate, onError);
export const useMarkBillPaid = () => useBillMutation<{ id: number }>(COMMERCE_API.billsMarkPaid);
export const useCancelBill = () => useBillMutation<{ id: number }>(COMMERCE_API.billsCancel);
export const usePayFromBalance = () => useBillMutation<{ id: number }>(COMMERCE_API.billsPayFromBalance);
