import { queryOptions } from '@tanstack/react-query';
import { COMPANIES_API } from '@cab/contract/companies';
import { api, required } from './api';

/** Companies the cards filter offers: the user's own and its children (root: any). */
export const scopeCompaniesQuery = queryOptions({
  queryKey: ['sims', 'scope-companies'],
  queryFn: async () => required(await api.call(COMPANIES_API.scope, {})),
  staleTime: 5 * 60_000,
});
