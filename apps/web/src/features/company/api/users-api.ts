import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@cab/contract/endpoint';
import { COMPANY_USERS_API } from '@cab/contract/company-users';
import type { CompanyUserCreateRequest, CompanyUserUpdateRequest, MailSentResult } from '@cab/contract/company-users';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

type OnError = (error: ApiError) => void;

const usersKey = (companyId: number) => ['company', companyId, 'users'] as const;

export function companyUsersQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: usersKey(companyId),
    queryFn: async () => required(await api.call(COMPANY_USERS_API.list, { company_id: companyId })),
  });
}

export function useCreateUser(companyId: number, onError: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Omit<CompanyUserCreateRequest, 'company_id'>) =>
      required(await api.call(COMPANY_USERS_API.create, { ...body, company_id: companyId }, { onError })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey(companyId) }),
  });
}

export function useUpdateUser(companyId: number, onError: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompanyUserUpdateRequest) =>
      required(await api.call(COMPANY_USERS_API.update, body, { onError })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey(companyId) }),
  });
}

export type UserAction = 'block' | 'unblock' | 'delete' | 'send_password';

const ACTION_ENDPOINTS = {
  block: COMPANY_USERS_API.block,
  unblock: COMPANY_USERS_API.unblock,
  delete: COMPANY_USERS_API.delete,
  send_password: COMPANY_USERS_API.sendPassword,
} satisfies Record<UserAction, Endpoint>;

/** The one-click actions on a user; errors show the server's toast. Only send_password answers `mail_sent`. */
export function useUserAction(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: UserAction; id: number }): Promise<Partial<MailSentResult>> => {
      const result = required(await api.call(ACTION_ENDPOINTS[action], { id }));
      return 'mail_sent' in result ? result : {};
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey(companyId) }),
  });
}
