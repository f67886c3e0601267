/**
 * Paths of root's network tools (global unblock, network simulator, country rules) and of the SIM
 * rules every company sees (roaming, country warnings). Apart from `paths.ts` to keep the login bundle small.
 */
export const SIM_RULES_API = {
  toolsGlobalUnblockPreview: '/api/tools/global_unblock/preview',
  toolsGlobalUnblockRun: '/api/tools/global_unblock/run',
  toolsNetworkGet: '/api/tools/network/get',
  toolsNetworkUpdate: '/api/tools/network/update',
  toolsNetworkBurst: '/api/tools/network/burst',
  toolsCountryRulesList: '/api/tools/country_rules/list',
  toolsCountryRulesCreate: '/api/tools/country_rules/create',
  toolsCountryRulesDelete: '/api/tools/country_rules/delete',
  simsCountryWarnings: '/api/sims/country_warnings',
  simsRoamingGet: '/api/sims/roaming/get',
  simsRoamingSet: '/api/sims/roaming/set',
  simsRoamingBulk: '/api/sims/roaming/bulk',
} as const;
