import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import type {
  AdminCompany,
  AdminCompanyListRequest,
  AdminCompanyListResult,
  AuditListRequest,
  AuditListResult,
  CompanyCreateRequest,
  CompanyCreateResult,
  CompanyUsersResult,
} from '@cab/contract/companies-admin';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

type OnError = (error: ApiError) => void;

export const COMPANIES_KEY = ['companies-admin'] as const;

export function companiesQueryOptions(request: AdminCompanyListRequest) {
  return queryOptions({
    queryKey: [...COMPANIES_KEY, 'list', request],
    queryFn: async () => required(await api.post<AdminCompanyListResult>(ACCOUNT_API.companiesAdminList, request)),
    placeholderData: keepPreviousData,
  });
}

export function companyUsersQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: [...COMPANIES_KEY, 'users', companyId],
    queryFn: async () => required(await api.post<CompanyUsersResult>(ACCOUNT_API.companiesAdminUsers, { id: companyId })),
  });
}

export function auditQueryOptions(request: AuditListRequest) {
  return queryOptions({
    queryKey: [...COMPANIES_KEY, 'audit', request],
    queryFn: async () => required(await api.post<AuditListResult>(ACCOUNT_API.auditList, request)),
    placeholderData: keepPreviousData,
  });
}

export type CompanyAction = 'block' | 'unblock' | 'delete';

const ACTION_PATHS: Record<CompanyAction, string> = {
  block: ACCOUNT_API.companiesAdminBlock,
  unblock: ACCOUNT_API.companiesAdminUnblock,
  delete: ACCOUNT_API.companiesAdminDelete,
};

/** Block, unblock or delete; the list (counts, states, a parent's children) refetches. */
export function useCompanyAction(onError: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: CompanyAction; id: number }) =>
      required(await api.act<AdminCompany>(ACTION_PATHS[action], { id }, { onError })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
}

export function useCreateCompany(onError: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompanyCreateRequest) =>
      required(await api.act<CompanyCreateResult>(ACCOUNT_API.companiesAdminCreate, body, { onError })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
}
