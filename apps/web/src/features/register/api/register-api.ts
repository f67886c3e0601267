import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResult } from '@cab/contract/auth';
import type { BodyOf } from '@cab/contract/endpoint';
import { REGISTRATION_API, type RegisterPhoneCallRequest, type RegisterStartRequest } from '@cab/contract/registration';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

type OnError = (error: ApiError) => void;

export const STATUS_KEY = ['register', 'status'] as const;

/** Countries rarely change: loaded once per visit; a failure shows the spec's own message. */
export const countriesQueryOptions = queryOptions({
  queryKey: ['register', 'countries'],
  queryFn: async () => required(await api.call(REGISTRATION_API.countries, {}, { onError: () => undefined })),
  staleTime: Infinity,
  retry: 1,
});

export const statusQueryOptions = queryOptions({
  queryKey: STATUS_KEY,
  queryFn: async () => required(await api.call(REGISTRATION_API.status, {})),
});

/** Welcome: answers ok for any address; the link to go on arrives by mail. */
export function startRegistration(body: RegisterStartRequest, onError: OnError): Promise<{ ok: true }> {
  return api.call(REGISTRATION_API.start, body, { onError }).then(required);
}

/** The mailed link: opens the new registration's session, like a login. */
export function confirmRegistration(token: string, onError: OnError): Promise<LoginResult> {
  return api.call(REGISTRATION_API.confirm, { token }, { onError }).then(required);
}

/** The wizard's save calls answer the new status, which becomes the cached one. */
type StepEndpoint =
  | typeof REGISTRATION_API.jurisdiction
  | typeof REGISTRATION_API.companyType
  | typeof REGISTRATION_API.company
  | typeof REGISTRATION_API.administrator
  | typeof REGISTRATION_API.phoneVerify;

export function useSaveStep<E extends StepEndpoint>(endpoint: E, onError?: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BodyOf<E>) => required(await api.call(endpoint, body, onError ? { onError } : undefined)),
    onSuccess: (status) => queryClient.setQueryData(STATUS_KEY, status),
  });
}

export function usePhoneCall() {
  return useMutation({
    mutationFn: async (body: RegisterPhoneCallRequest) => required(await api.call(REGISTRATION_API.phoneCall, body)),
  });
}

/** After finishing, every cached answer (e.g. the 424 of `me`) is stale: the cabinet is open now. */
export function useFinish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => required(await api.call(REGISTRATION_API.finish, {})),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
