import { SIM_RULES_API } from '@cab/contract/sim-rules';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { generateUsageBurst, getNetworkSettings, updateNetworkSettings, type NetworkSimulatorDeps } from './service.js';

/** Root's Tools → Network simulator (the gate lets only 'tools.use' through). */
export function registerNetworkSimulatorRoutes(app: FastifyInstance, deps: NetworkSimulatorDeps): void {
  const { handle } = endpointRoutes(app, { tag: 'tools' });
  handle(SIM_RULES_API.toolsNetworkGet, () => getNetworkSettings(deps));
  handle(SIM_RULES_API.toolsNetworkUpdate, ({ body, request }) => updateNetworkSettings(deps, principalOf(request), body));
  handle(SIM_RULES_API.toolsNetworkBurst, ({ body, request }) => generateUsageBurst(deps, principalOf(request), body));
}
