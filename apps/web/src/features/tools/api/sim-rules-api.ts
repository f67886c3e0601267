import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { COMPANIES_API } from '@cab/contract/companies';
import { SIM_RULES_API, type CountryRuleCreateRequest, type GlobalUnblockFilter, type NetworkSettings, type UsageBurstRequest } from '@cab/contract/sim-rules';
import { api, callOrThrow, required } from '@/lib/api';

export const toolCompaniesQuery = queryOptions({
  queryKey: ['tools', 'companies'],
  queryFn: async () => required(await api.call(COMPANIES_API.scope, {})),
  staleTime: 5 * 60_000,
});

export function useGlobalUnblockPreview() {
  return useMutation({
    mutationFn: (filter: GlobalUnblockFilter) => callOrThrow(SIM_RULES_API.toolsGlobalUnblockPreview, { filter }),
  });
}

export function useGlobalUnblockRun() {
  return useMutation({
    mutationFn: (request: { filter: GlobalUnblockFilter; expected: number }) => callOrThrow(SIM_RULES_API.toolsGlobalUnblockRun, request),
  });
}

const NETWORK_KEY = ['tools', 'network-settings'] as const;

export const networkSettingsQuery = queryOptions({
  queryKey: NETWORK_KEY,
  queryFn: async () => required(await api.call(SIM_RULES_API.toolsNetworkGet, {})),
});

export function useSaveNetworkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NetworkSettings) => callOrThrow(SIM_RULES_API.toolsNetworkUpdate, settings),
    onSuccess: (saved) => queryClient.setQueryData(NETWORK_KEY, saved),
  });
}

export function useUsageBurst() {
  return useMutation({ mutationFn: (request: UsageBurstRequest) => callOrThrow(SIM_RULES_API.toolsNetworkBurst, request) });
}

const RULES_KEY = ['tools', 'country-rules'] as const;

export const countryRulesQuery = queryOptions({
  queryKey: RULES_KEY,
  queryFn: async () => required(await api.call(SIM_RULES_API.toolsCountryRulesList, {})).items,
});

export function useCreateCountryRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: CountryRuleCreateRequest) => callOrThrow(SIM_RULES_API.toolsCountryRulesCreate, rule),
    onSuccess: (list) => queryClient.setQueryData(RULES_KEY, list.items),
  });
}

export function useDeleteCountryRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOrThrow(SIM_RULES_API.toolsCountryRulesDelete, { id }),
    onSuccess: (list) => queryClient.setQueryData(RULES_KEY, list.items),
  });
}
