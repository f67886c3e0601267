import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFY_METHODS_API, type NotifyMethodCreateRequest } from '@cab/contract/notify-methods';
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
    queryFn: async () => required(await api.call(NOTIFY_METHODS_API.list, companyField(companyId))),
  });
}

export const DELIVERY_PAGE_SIZE = 10;

/** A method's delivery log; refreshed every few seconds while something is still pending. */
export function deliveriesQueryOptions(companyId: CompanyRef, methodId: number, page: number) {
  return queryOptions({
    queryKey: [...deliveriesKey(companyId, methodId), page],
    queryFn: async () =>
      required(
        await api.call(NOTIFY_METHODS_API.deliveries, {
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
      const body = { ...companyField(companyId), ...input };
      return required(
        id === null
          ? await api.call(NOTIFY_METHODS_API.create, body, { onError })
          : await api.call(NOTIFY_METHODS_API.update, { ...body, id }, { onError }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notifyMethodsKey(companyId) }),
  });
}

export function useDeleteNotifyMethod(companyId: CompanyRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => required(await api.call(NOTIFY_METHODS_API.delete, { ...companyField(companyId), id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notifyMethodsKey(companyId) }),
  });
}

export function useTestNotifyMethod(companyId: CompanyRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => required(await api.call(NOTIFY_METHODS_API.test, { ...companyField(companyId), id })),
    onSuccess: (_result, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(companyId, id) }),
  });
}

