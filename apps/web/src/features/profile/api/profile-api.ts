import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_API, type PasswordChangeRequest, type ProfileUpdateRequest } from '@cab/contract/profile';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';
import { ME_KEY } from '@/lib/me-query';

type OnError = (error: ApiError) => void;

export const PROFILE_KEY = ['profile'] as const;
export const SESSIONS_KEY = ['profile', 'sessions'] as const;

export const profileQueryOptions = queryOptions({
  queryKey: PROFILE_KEY,
  queryFn: async () => required(await api.call(PROFILE_API.get, {})),
});

export const sessionsQueryOptions = queryOptions({
  queryKey: SESSIONS_KEY,
  queryFn: async () => required(await api.call(PROFILE_API.sessions, {})),
});

/** The header shows the user's name (from `me`), so a saved profile refreshes it too. */
export function useUpdateProfile(onError: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileUpdateRequest) =>
      required(await api.call(PROFILE_API.update, body, { onError })),
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_KEY, profile);
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}

/** A password change signs out the other sessions, so the list refetches. */
export function useChangePassword(onError: OnError) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PasswordChangeRequest) =>
      required(await api.call(PROFILE_API.password, body, { onError })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => required(await api.call(PROFILE_API.sessionsRevokeOthers, {})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
