import { resultOf } from '@cab/contract/errors';
import { SIM_RULES_API } from '@cab/contract/paths-sim-rules';
import { RoamingChangeResult, SimRoaming, SimRoamingBulkRequest, SimRoamingGetRequest, SimRoamingSetRequest } from '@cab/contract/sim-rules';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { getSimRoaming, setBulkRoaming, setSimRoaming, type RoamingDeps } from './service.js';

export function registerRoamingRoutes(app: FastifyInstance, deps: RoamingDeps): void {
  const r = typed(app);
  r.post(
    SIM_RULES_API.simsRoamingGet,
    { schema: { tags: ['sims'], querystring: LangQuery, body: SimRoamingGetRequest, response: { 200: resultOf(SimRoaming), ...errorResponses } } },
    async (request) => ({ result: await getSimRoaming(deps.db, principalOf(request), request.body.id) }),
  );
  r.post(
    SIM_RULES_API.simsRoamingSet,
    { schema: { tags: ['sims'], querystring: LangQuery, body: SimRoamingSetRequest, response: { 200: resultOf(RoamingChangeResult), ...errorResponses } } },
    async (request) => ({ result: await setSimRoaming(deps, principalOf(request), request.body.id, request.body) }),
  );
  r.post(
    SIM_RULES_API.simsRoamingBulk,
    {
      bodyLimit: 6 * 1024 * 1024,
      schema: { tags: ['sims'], querystring: LangQuery, body: SimRoamingBulkRequest, response: { 200: resultOf(RoamingChangeResult), ...errorResponses } },
    },
    async (request) => ({ result: await setBulkRoaming(deps, principalOf(request), request.body.selection, request.body) }),
  );
}
