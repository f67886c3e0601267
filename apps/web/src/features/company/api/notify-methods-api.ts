import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotifyDeliveryListResult,
  NotifyMethod,
  NotifyMethodCreateRequest,
  NotifyMethodListResult,
  NotifyTestResult,
} from '@cab/contract/notify-methods';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

/** The company page's id: `my` is the signed-in user's company (the server's default). */
export type CompanyRef = number | 'my';

const companyField = (companyId: CompanyRef) => (companyId === 'my' ? {} : { company_id: companyId });

export const notifyMethodsKey = (companyId: CompanyRef) => ['notify-methods', companyId] as const;
const deliveriesKey = (companyId: CompanyRef, methodId: number) =>
  ['notify-methods', companyId, 'deliveries', methodId] as const;

export function notifyMethodsQueryOptions(companyId: CompanyRef) {
  return queryOptions({
    queryKey: notifyMethodsKey(companyId),
    queryFn: async () =>
      required(await api.post<NotifyMethodListResult>(ACCOUNT_API.notifyMethodsList, companyField(companyId))),
  });
}

export const DELIVERY_PAGE_SIZE = 10;

/** A method's delivery log; refreshed every few seconds while something is still pending. */
export function deliveriesQueryOptions(companyId: CompanyRef, methodId: number, page: number) {
  return queryOptions({
    queryKey: [...deliveriesKey(companyId, methodId), page],
    queryFn: async () =>
      required(
        await api.post<NotifyDeliveryListResult>(ACCOUNT_API.notifyMethodsDeliveries, {
          ...companyField(companyId),
          id: methodId,
          page,
          size: DELIVERY_PAGE_SIZE,
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 2000 : false),
  });
}

export type NotifyMethodInput = Omit<NotifyMethodCreateRequest, 'company_id'>;

/** Create (no id) or update (id) a method; the list refetches either way. */
export function useSaveNotifyMethod(companyId: CompanyRef, onError: (error: ApiError) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: NotifyMethodInput }) => {
      const body = { ...companyField(companyId), ...input, ...(id === null ? {} : { id }) };
      return required(
        await api.act<NotifyMethod>(id === null ? ACCOUNT_API.notifyMethodsCreate : ACCOUNT_API.notifyMethodsUpdate, body, {
          onError,
        }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notifyMethodsKey(companyId) }),
  });
}

export function useDeleteNotifyMethod(companyId: CompanyRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      required(await api.act<unknown>(ACCOUNT_API.notifyMethodsDelete, { ...companyField(companyId), id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notifyMethodsKey(companyId) }),
  });
}

export function useTestNotifyMethod(companyId: CompanyRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      required(await api.act<NotifyTestResult>(ACCOUNT_API.notifyMethodsTest, { ...companyField(companyId), id })),
    onSuccess: (_result, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(companyId, id) }),
  });
}

