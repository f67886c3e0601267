import { queryOptions, useQuery } from '@tanstack/react-query';
import { ME_API } from '@cab/contract/me';
import { api, required } from './api';
import { ME_REQUEST } from './session';
import { useIsLoggedIn } from './use-session';

export const ME_KEY = ['me'] as const;

export const meQueryOptions = queryOptions({
  queryKey: ME_KEY,
  queryFn: async () => required(await api.call(ME_API.get, ME_REQUEST)),
  staleTime: 60_000,
});

/** Current user data, loaded only while logged in; `portal_update` invalidates it. */
export function useMe() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...meQueryOptions, enabled: loggedIn });
}
