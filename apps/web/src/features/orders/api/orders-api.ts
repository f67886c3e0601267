import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScopeCompaniesResult } from '@cab/contract/companies';
import type {
  Order,
  OrderCommentRequest,
  OrderCreateRequest,
  OrderListRequest,
  OrderListResult,
  OrderStatusRequest,
} from '@cab/contract/orders';
import { API } from '@cab/contract/paths';
import { COMMERCE_API } from '@cab/contract/paths-commerce';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

type OnError = (error: ApiError) => void;

/** Under ['orders']: the `order` websocket event invalidates everything here. */
export const ORDERS_KEY = ['orders'] as const;

export function useOrderList(request: OrderListRequest) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'list', request],
    queryFn: async ({ signal }) => required(await api.post<OrderListResult>(COMMERCE_API.ordersList, request, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** Companies an order may be for: the user's own and its children (root: any). */
export const orderCompaniesQuery = queryOptions({
  queryKey: [...ORDERS_KEY, 'companies'],
  queryFn: async () => required(await api.post<ScopeCompaniesResult>(API.companiesScope, {})),
  staleTime: 5 * 60_000,
});

function useOrderMutation<T>(path: string, onError?: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: T) => required(await api.act<Order>(path, body, onError ? { onError } : undefined)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['bills'] });
    },
  });
}

export const useCreateOrder = (onError: OnError) => useOrderMutation<OrderCreateRequest>(COMMERCE_API.ordersCreate, onError);
export const useMoveOrder = () => useOrderMutation<OrderStatusRequest>(COMMERCE_API.ordersStatus);
export const useCommentOrder = () => useOrderMutation<OrderCommentRequest>(COMMERCE_API.ordersComment);
export const useCancelOrder = () => useOrderMutation<{ id: number }>(COMMERCE_API.ordersCancel);
export const usePayOrderFromBalance = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (billId: number) => required(await api.act<unknown>(COMMERCE_API.billsPayFromBalance, { id: billId })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['bills'] });
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
};
