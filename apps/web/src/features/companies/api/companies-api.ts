import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@cab/contract/endpoint';
import { COMPANIES_ADMIN_API } from '@cab/contract/companies-admin';
import type { AdminCompanyListRequest, AuditListRequest, CompanyCreateRequest } from '@cab/contract/companies-admin';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

type OnError = (error: ApiError) => void;

export const COMPANIES_KEY = ['companies-admin'] as const;

export function companiesQueryOptions(request: AdminCompanyListRequest) {
  return queryOptions({
    queryKey: [...COMPANIES_KEY, 'list', request],
    queryFn: async () => required(await api.call(COMPANIES_ADMIN_API.list, request)),
    placeholderData: keepPreviousData,
  });
}

export function companyUsersQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: [...COMPANIES_KEY, 'users', companyId],
    queryFn: async () => required(await api.call(COMPANIES_ADMIN_API.users, { id: companyId })),
  });
}

export function auditQueryOptions(request: AuditListRequest) {
  return queryOptions({
    queryKey: [...COMPANIES_KEY, 'audit', request],
    queryFn: async () => required(await api.call(COMPANIES_ADMIN_API.auditList, request)),
    placeholderData: keepPreviousData,
  });
}

export type CompanyAction = 'block' | 'unblock' | 'delete';

const ACTION_ENDPOINTS = {
  block: COMPANIES_ADMIN_API.block,
  unblock: COMPANIES_ADMIN_API.unblock,
  delete: COMPANIES_ADMIN_API.delete,
} satisfies Record<CompanyAction, Endpoint>;

/** Block, unblock or delete; the list (counts, states, a parent's children) refetches. */
export function useCompanyAction(onError: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: CompanyAction; id: number }) =>
      required(await api.call(ACTION_ENDPOINTS[action], { id }, { onError })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
}

export function useCreateCompany(onError: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompanyCreateRequest) => required(await api.call(COMPANIES_ADMIN_API.create, body, { onError })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
}
