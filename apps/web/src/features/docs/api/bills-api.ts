import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BILL_API, type BillListRequest } from '@cab/contract/bills';
import { COMPANIES_API } from '@cab/contract/companies';
import type { BodyOf, Endpoint } from '@cab/contract/endpoint';
import { REGISTRATION_API } from '@cab/contract/registration';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { ME_KEY } from '@/lib/me-query';
import { BILLS_KEY } from './query-keys';


export function useBillList(request: BillListRequest) {
  return useQuery({
    queryKey: [...BILLS_KEY, 'list', request],
    queryFn: async ({ signal }) => required(await api.call(BILL_API.list, request, { signal })),
    placeholderData: keepPreviousData,
  });
}

export const billSettingsQuery = queryOptions({
  queryKey: [...BILLS_KEY, 'settings'],
  queryFn: async () => required(await api.call(BILL_API.settings, {})),
  staleTime: 10 * 60_000,
});

/** Companies the docs filter and the bill form offer: the user's own and its children (root: any). */
export const billCompaniesQuery = queryOptions({
  queryKey: [...BILLS_KEY, 'companies'],
  queryFn: async () => required(await api.call(COMPANIES_API.scope, {})),
  staleTime: 5 * 60_000,
});

/** Countries a company (so its bills) may be in: the registration's list, for the docs filter's picker. */
export const billCountriesQuery = queryOptions({
  queryKey: [...BILLS_KEY, 'countries'],
  queryFn: async () => required(await api.call(REGISTRATION_API.countries, {})),
  staleTime: Infinity,
});

/** Paying moves balances and orders too: the user data (balance) and order lists refetch. */
function useBillMutation<E extends Endpoint>(endpoint: E, onError?: (error: ApiError) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BodyOf<E>) => required(await api.call(endpoint, body, onError ? { onError } : undefined)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BILLS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

export const useCreateBill = (onError: (error: ApiError) => void) => useBillMutation(BILL_API.create, onError);
export const useMarkBillPaid = () => useBillMutation(BILL_API.markPaid);
export const useCancelBill = () => useBillMutation(BILL_API.cancel);
export const usePayFromBalance = () => useBillMutation(BILL_API.payFromBalance);
