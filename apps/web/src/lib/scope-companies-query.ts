import { queryOptions } from '@tanstack/react-query';
import type { ScopeCompaniesResult } from '@cab/contract/companies';
import { API } from '@cab/contract/paths';
import { api, required } from './api';

/** Companies the cards filter offers: the user's own and its children (root: any). */
export const scopeCompaniesQuery = queryOptions({
  queryKey: ['sims', 'scope-companies'],
  queryFn: async () => required(await api.post<ScopeCompaniesResult>(API.companiesScope, {})),
  staleTime: 5 * 60_000,
});
