import { EmptyBody } from '@cab/contract/common';
import { resultOf } from '@cab/contract/errors';
import { SIM_RULES_API } from '@cab/contract/paths-sim-rules';
import { NetworkSettings, NetworkSettingsResult, UsageBurstRequest, UsageBurstResult } from '@cab/contract/sim-rules';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { generateUsageBurst, getNetworkSettings, updateNetworkSettings, type NetworkSimulatorDeps } from './service.js';

/** Root's Tools → Network simulator (the route table lets only 'tools.use' through). */
export function registerNetworkSimulatorRoutes(app: FastifyInstance, deps: NetworkSimulatorDeps): void {
  const r = typed(app);
  const settingsResponse = { 200: resultOf(NetworkSettingsResult), ...errorResponses };
  r.post(SIM_RULES_API.toolsNetworkGet, { schema: { tags: ['tools'], querystring: LangQuery, body: EmptyBody, response: settingsResponse } }, async (request) => ({
    result: await getNetworkSettings(deps, principalOf(request)),
  }));
  r.post(SIM_RULES_API.toolsNetworkUpdate, { schema: { tags: ['tools'], querystring: LangQuery, body: NetworkSettings, response: settingsResponse } }, async (request) => ({
    result: await updateNetworkSettings(deps, principalOf(request), request.body),
  }));
  r.post(
    SIM_RULES_API.toolsNetworkBurst,
    { schema: { tags: ['tools'], querystring: LangQuery, body: UsageBurstRequest, response: { 200: resultOf(UsageBurstResult), ...errorResponses } } },
    async (request) => ({ result: await generateUsageBurst(deps, principalOf(request), request.body) }),
  );
}
