import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResult } from '@cab/contract/auth';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import type {
  CountryListResult,
  RegisterPhoneCallRequest,
  RegisterPhoneCallResult,
  RegisterStartRequest,
  RegisterStatus,
} from '@cab/contract/registration';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

type OnError = (error: ApiError) => void;

export const STATUS_KEY = ['register', 'status'] as const;

/** Countries rarely change: loaded once per visit; a failure shows the spec's own message. */
export const countriesQueryOptions = queryOptions({
  queryKey: ['register', 'countries'],
  queryFn: async () => required(await api.post<CountryListResult>(ACCOUNT_API.registerCountries, {}, { onError: () => undefined })),
  staleTime: Infinity,
  retry: 1,
});

export const statusQueryOptions = queryOptions({
  queryKey: STATUS_KEY,
  queryFn: async () => required(await api.post<RegisterStatus>(ACCOUNT_API.registrationStatus, {})),
});

/** Welcome: answers ok for any address; the link to go on arrives by mail. */
export function startRegistration(body: RegisterStartRequest, onError: OnError): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(ACCOUNT_API.registerStart, body, { onError }).then(required);
}

/** The mailed link: opens the new registration's session, like a login. */
export function confirmRegistration(token: string, onError: OnError): Promise<LoginResult> {
  return api.post<LoginResult>(ACCOUNT_API.registerConfirm, { token }, { onError }).then(required);
}

/** The wizard's save calls answer the new status, which becomes the cached one. */
type StepPath =
  | typeof ACCOUNT_API.registrationJurisdiction
  | typeof ACCOUNT_API.registrationCompanyType
  | typeof ACCOUNT_API.registrationCompany
  | typeof ACCOUNT_API.registrationAdministrator
  | typeof ACCOUNT_API.registrationPhoneVerify;

export function useSaveStep<TBody>(path: StepPath, onError?: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TBody) => required(await api.act<RegisterStatus>(path, body, onError ? { onError } : undefined)),
    onSuccess: (status) => queryClient.setQueryData(STATUS_KEY, status),
  });
}

export function usePhoneCall() {
  return useMutation({
    mutationFn: async (body: RegisterPhoneCallRequest) => required(await api.act<RegisterPhoneCallResult>(ACCOUNT_API.registrationPhoneCall, body)),
  });
}

/** After finishing, every cached answer (e.g. the 424 of `me`) is stale: the cabinet is open now. */
export function useFinish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => required(await api.act<unknown>(ACCOUNT_API.registrationFinish, {})),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
