import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SSO_API, type SsoSettings, type SsoSettingsSave } from '@cab/contract/sso';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

const SSO_KEY = ['company-sso'] as const;

export const ssoQueryOptions = queryOptions({
  queryKey: SSO_KEY,
  queryFn: async () => required(await api.call(SSO_API.get, {})),
});

/** Save or remove the company's provider; the answer is the setting as it now stands. */
export function useSsoMutations(onError: (error: ApiError) => void) {
  const queryClient = useQueryClient();
  const onSuccess = (settings: SsoSettings) => queryClient.setQueryData(SSO_KEY, settings);
  return {
    save: useMutation({
      mutationFn: async (body: SsoSettingsSave) => required(await api.call(SSO_API.save, body, { onError })),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: async () => required(await api.call(SSO_API.remove, {})),
      onSuccess,
    }),
  };
}
