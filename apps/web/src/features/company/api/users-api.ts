import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CompanyUser,
  CompanyUserCreateRequest,
  CompanyUserCreateResult,
  CompanyUsersListResult,
  CompanyUserUpdateRequest,
  MailSentResult,
} from '@cab/contract/company-users';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

type OnError = (error: ApiError) => void;

const usersKey = (companyId: number) => ['company', companyId, 'users'] as const;

export function companyUsersQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: usersKey(companyId),
    queryFn: async () =>
      required(await api.post<CompanyUsersListResult>(ACCOUNT_API.companyUsersList, { company_id: companyId })),
  });
}

export function useCreateUser(companyId: number, onError: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Omit<CompanyUserCreateRequest, 'company_id'>) =>
      required(
        await api.act<CompanyUserCreateResult>(
          ACCOUNT_API.companyUsersCreate,
          { ...body, company_id: companyId },
          { onError },
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey(companyId) }),
  });
}

export function useUpdateUser(companyId: number, onError: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompanyUserUpdateRequest) =>
      required(await api.act<CompanyUser>(ACCOUNT_API.companyUsersUpdate, body, { onError })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey(companyId) }),
  });
}

export type UserAction = 'block' | 'unblock' | 'delete' | 'send_password';

const ACTION_PATHS: Record<UserAction, string> = {
  block: ACCOUNT_API.companyUsersBlock,
  unblock: ACCOUNT_API.companyUsersUnblock,
  delete: ACCOUNT_API.companyUsersDelete,
  send_password: ACCOUNT_API.companyUsersSendPassword,
};

/** The one-click actions on a user; errors show the server's toast. */
export function useUserAction(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: UserAction; id: number }) =>
      required(await api.act<Partial<MailSentResult>>(ACTION_PATHS[action], { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey(companyId) }),
  });
}
