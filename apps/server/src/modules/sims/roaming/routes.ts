import { SIM_RULES_API } from '@cab/contract/sim-rules';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { getSimRoaming, setBulkRoaming, setSimRoaming, type RoamingDeps } from './service.js';

export function registerRoamingRoutes(app: FastifyInstance, deps: RoamingDeps): void {
  const { handle } = endpointRoutes(app, { tag: 'sims' });
  handle(SIM_RULES_API.simsRoamingGet, ({ body, request }) => getSimRoaming(deps.db, principalOf(request), body.id));
  handle(SIM_RULES_API.simsRoamingSet, ({ body, request }) => setSimRoaming(deps, principalOf(request), body.id, body));
  handle(SIM_RULES_API.simsRoamingBulk, ({ body, request }) => setBulkRoaming(deps, principalOf(request), body.selection, body), {
    bodyLimit: 6 * 1024 * 1024,
  });
}
