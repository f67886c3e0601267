import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMPANIES_API } from '@cab/contract/companies';
import { BILL_API } from '@cab/contract/bills';
import type { BodyOf, Endpoint } from '@cab/contract/endpoint';
import { ORDER_API, type OrderListRequest } from '@cab/contract/orders';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { ORDERS_KEY } from './query-keys';

type OnError = (error: ApiError) => void;

/** Under ['orders']: the `order` websocket event invalidates everything here. */

export function useOrderList(request: OrderListRequest) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'list', request],
    queryFn: async ({ signal }) => required(await api.call(ORDER_API.list, request, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** Companies an order may be for: the user's own and its children (root: any). */
export const orderCompaniesQuery = queryOptions({
  queryKey: [...ORDERS_KEY, 'companies'],
  queryFn: async () => required(await api.call(COMPANIES_API.scope, {})),
  staleTime: 5 * 60_000,
});

function useOrderMutation<E extends Endpoint>(endpoint: E, onError?: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BodyOf<E>) => required(await api.call(endpoint, body, onError ? { onError } : undefined)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['bills'] });
    },
  });
}

export const useCreateOrder = (onError: OnError) => useOrderMutation(ORDER_API.create, onError);
export const useMoveOrder = () => useOrderMutation(ORDER_API.status);
export const useCommentOrder = () => useOrderMutation(ORDER_API.comment);
export const useCancelOrder = () => useOrderMutation(ORDER_API.cancel);
export const usePayOrderFromBalance = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (billId: number) => required(await api.call(BILL_API.payFromBalance, { id: billId })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['bills'] });
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
};
