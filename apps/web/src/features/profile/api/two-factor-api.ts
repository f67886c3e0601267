import { queryOptions } from '@tanstack/react-query';
import { TWO_FACTOR_API } from '@cab/contract/two-factor';
import { api, required } from '@/lib/api';

export const TWO_FACTOR_KEY = ['profile', 'two-factor'] as const;

export const twoFactorQueryOptions = queryOptions({
  queryKey: TWO_FACTOR_KEY,
  queryFn: async () => required(await api.call(TWO_FACTOR_API.status, {})),
});
