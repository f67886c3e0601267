import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScopeCompaniesResult } from '@cab/contract/companies';
import { API } from '@cab/contract/paths';
import { SIM_RULES_API } from '@cab/contract/paths-sim-rules';
import type {
  CountryRuleCreateRequest,
  CountryRuleListResult,
  GlobalUnblockFilter,
  GlobalUnblockPreview,
  GlobalUnblockRunResult,
  NetworkSettings,
  NetworkSettingsResult,
  UsageBurstRequest,
  UsageBurstResult,
} from '@cab/contract/sim-rules';
import { api, required } from '@/lib/api';
import type { ApiError } from '@/lib/api-error';

/** POSTs and throws the server's localized error, so a form can show it beside its fields. */
async function postOrThrow<T>(path: string, body: unknown): Promise<T> {
  const failure: { error?: ApiError } = {};
  const result = await api.act<T>(path, body, {
    onError: (error) => {
      failure.error = error;
    },
  });
  if (failure.error) throw failure.error;
  return required(result);
}

export const toolCompaniesQuery = queryOptions({
  queryKey: ['tools', 'companies'],
  queryFn: async () => required(await api.post<ScopeCompaniesResult>(API.companiesScope, {})),
  staleTime: 5 * 60_000,
});

export function useGlobalUnblockPreview() {
  return useMutation({
    mutationFn: (filter: GlobalUnblockFilter) => postOrThrow<GlobalUnblockPreview>(SIM_RULES_API.toolsGlobalUnblockPreview, { filter }),
  });
}

export function useGlobalUnblockRun() {
  return useMutation({
    mutationFn: (request: { filter: GlobalUnblockFilter; expected: number }) =>
      postOrThrow<GlobalUnblockRunResult>(SIM_RULES_API.toolsGlobalUnblockRun, request),
  });
}

const NETWORK_KEY = ['tools', 'network-settings'] as const;

export const networkSettingsQuery = queryOptions({
  queryKey: NETWORK_KEY,
  queryFn: async () => required(await api.post<NetworkSettingsResult>(SIM_RULES_API.toolsNetworkGet, {})),
});

export function useSaveNetworkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NetworkSettings) => postOrThrow<NetworkSettingsResult>(SIM_RULES_API.toolsNetworkUpdate, settings),
    onSuccess: (saved) => queryClient.setQueryData(NETWORK_KEY, saved),
  });
}

export function useUsageBurst() {
  return useMutation({ mutationFn: (request: UsageBurstRequest) => postOrThrow<UsageBurstResult>(SIM_RULES_API.toolsNetworkBurst, request) });
}

const RULES_KEY = ['tools', 'country-rules'] as const;

export const countryRulesQuery = queryOptions({
  queryKey: RULES_KEY,
  queryFn: async () => required(await api.post<CountryRuleListResult>(SIM_RULES_API.toolsCountryRulesList, {})).items,
});

export function useCreateCountryRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: CountryRuleCreateRequest) => postOrThrow<CountryRuleListResult>(SIM_RULES_API.toolsCountryRulesCreate, rule),
    onSuccess: (list) => queryClient.setQueryData(RULES_KEY, list.items),
  });
}

export function useDeleteCountryRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => postOrThrow<CountryRuleListResult>(SIM_RULES_API.toolsCountryRulesDelete, { id }),
    onSuccess: (list) => queryClient.setQueryData(RULES_KEY, list.items),
  });
}
