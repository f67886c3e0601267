import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSKEYS_API } from '@cab/contract/passkeys';
import { api, callOrThrow, required } from '@/lib/api';
import { createPasskey } from '@/lib/passkey-browser';
import { TWO_FACTOR_KEY } from './two-factor-api';

export const PASSKEYS_KEY = ['profile', 'passkeys'] as const;

export const passkeysQueryOptions = queryOptions({
  queryKey: PASSKEYS_KEY,
  queryFn: async () => required(await api.call(PASSKEYS_API.list, {})),
});

/** The list and the two-factor state (a passkey is a second factor) change together. */
function useRefreshFactors() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
  };
}

/** Adds a passkey: the server's options (on the password), the browser's prompt, the server's check of its answer. */
export function useAddPasskey() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password?: string }) => {
      const { options } = await callOrThrow(PASSKEYS_API.registerStart, { password });
      return callOrThrow(PASSKEYS_API.registerFinish, { name, response: await createPasskey(options) });
    },
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: (id: number) => callOrThrow(PASSKEYS_API.remove, { id }),
    onSuccess: refresh,
  });
}
