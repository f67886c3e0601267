import { queryOptions, useQuery } from '@tanstack/react-query';
import { CABINET_VERSION } from '@cab/contract/constants';
import { API } from '@cab/contract/paths';
import type { MeResult } from '@cab/contract/me';
import { api, required } from './api';
import { useIsLoggedIn } from './use-session';

export const ME_KEY = ['me'] as const;

export const meQueryOptions = queryOptions({
  queryKey: ME_KEY,
  queryFn: async () => required(await api.post<MeResult>(API.me, { version: CABINET_VERSION })),
  staleTime: 60_000,
});

/** Current user data, loaded only while logged in; `portal_update` invalidates it. */
export function useMe() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...meQueryOptions, enabled: loggedIn });
}
