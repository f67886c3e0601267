import { queryOptions } from '@tanstack/react-query';
import { GROUPS_API } from '@cab/contract/groups';
import { api, required } from './api';

/** Groups of the user's company: the groups page and the group picker of SIM operations share it. */
export const GROUPS_KEY = ['groups'] as const;

export const groupsQueryOptions = queryOptions({
  queryKey: GROUPS_KEY,
  queryFn: async () => required(await api.call(GROUPS_API.list, {})),
});
