import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResult } from '@cab/contract/auth';
import { API } from '@cab/contract/paths';
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
  queryFn: async () => required(await api.post<CountryListResult>(API.registerCountries, {}, { onError: () => undefined })),
  staleTime: Infinity,
  retry: 1,
});

export const statusQueryOptions = queryOptions({
  queryKey: STATUS_KEY,
  queryFn: async () => required(await api.post<RegisterStatus>(API.registrationStatus, {})),
});

export function startRegistration(body: RegisterStartRequest, onError: OnError): Promise<LoginResult> {
  return api.post<LoginResult>(API.registerStart, body, { onError }).then(required);
}

/** The wizard's save calls answer the new status, which becomes the cached one. */
type StepPath =
  | typeof API.registrationJurisdiction
  | typeof API.registrationCompanyType
  | typeof API.registrationCompany
  | typeof API.registrationAdministrator
  | typeof API.registrationPhoneVerify;

export function useSaveStep<TBody>(path: StepPath, onError?: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TBody) => required(await api.post<RegisterStatus>(path, body, onError ? { onError } : undefined)),
    onSuccess: (status) => queryClient.setQueryData(STATUS_KEY, status),
  });
}

export function usePhoneCall() {
  return useMutation({
    mutationFn: async (body: RegisterPhoneCallRequest) => required(await api.post<RegisterPhoneCallResult>(API.registrationPhoneCall, body)),
  });
}

/** After finishing, every cached answer (e.g. the 424 of `me`) is stale: the cabinet is open now. */
export function useFinish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => required(await api.post<unknown>(API.registrationFinish, {})),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
