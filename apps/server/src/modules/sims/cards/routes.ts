import { resultOf } from '@cab/contract/errors';
import { API } from '@cab/contract/paths';
import { SimDetail, SimGetRequest, SimListRequest, SimListResult, SimUpdateRequest, SimUsageRequest, SimUsageResult } from '@cab/contract/sims';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { LangQuery, compiledSerializer, errorResponses, typed } from '../../../http/route-kit.js';
import { getSim, listSimUsage, updateSim, type SimDeps } from './detail-service.js';
import { listCards } from './service.js';

export function registerSimRoutes(app: FastifyInstance, db: Db): void {
  typed(app).post(
    API.simsList,
    {
      bodyLimit: 6 * 1024 * 1024,
      serializerCompiler: compiledSerializer,
      // listCards always reads (the page and its count) and writes nothing.
      config: { confirmPrincipalAfterReads: true },
      schema: { tags: ['sims'], querystring: LangQuery, body: SimListRequest, response: { 200: resultOf(SimListResult), ...errorResponses } },
    },
    async (request) => ({ result: await listCards(db, principalOf(request), request.body) }),
  );
}

export function registerSimDetailRoutes(app: FastifyInstance, deps: SimDeps): void {
  const r = typed(app);
  r.post(
    API.simsGet,
    { schema: { tags: ['sims'], querystring: LangQuery, body: SimGetRequest, response: { 200: resultOf(SimDetail), ...errorResponses } } },
    async (request) => ({ result: await getSim(deps, principalOf(request), request.body.id) }),
  );
  r.post(
    API.simsUpdate,
    { schema: { tags: ['sims'], querystring: LangQuery, body: SimUpdateRequest, response: { 200: resultOf(SimDetail), ...errorResponses } } },
    async (request) => ({ result: await updateSim(deps, principalOf(request), request.body) }),
  );
  r.post(
    API.simsUsage,
    { schema: { tags: ['sims'], querystring: LangQuery, body: SimUsageRequest, response: { 200: resultOf(SimUsageResult), ...errorResponses } } },
    async (request) => ({ result: await listSimUsage(deps, principalOf(request), request.body) }),
  );
}
