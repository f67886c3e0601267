import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { COMPANY_API, type CompanyUpdateRequest } from '@cab/contract/company';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { ME_KEY } from '@/lib/me-query';
import { toastError } from '@/lib/toast-bus';

type OnError = (error: ApiError) => void;

function toastUnlessNotFound(error: ApiError): void {
  if (error.status !== 404) toastError(error);
}

export const COMPANY_KEY = ['company'] as const;

/** `id` undefined: the caller's own company (/company/my). */
export function companyQueryOptions(id: number | undefined) {
  return queryOptions({
    queryKey: [...COMPANY_KEY, id ?? 'my'],
    queryFn: async () =>
      // A company the caller may not open answers 404: the page shows its not-found state, no toast.
      required(
        await api.call(COMPANY_API.get, id === undefined ? {} : { id }, {
          onError: toastUnlessNotFound,
        }),
      ),
    retry: false,
  });
}

/** The header and sidebar show the company's name and contract (from `me`), so they refresh too. */
export function useUpdateCompany(onError: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompanyUpdateRequest) => required(await api.call(COMPANY_API.update, body, { onError })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: COMPANY_KEY });
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}
