import { resultOf } from '@cab/contract/errors';
import { API } from '@cab/contract/paths';
import { SimListRequest, SimListResult } from '@cab/contract/sims';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/authenticate.js';
import type { Db } from '../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../http/route-kit.js';
import { listCards } from './service.js';

export function registerSimRoutes(app: FastifyInstance, db: Db): void {
  typed(app).post(
    API.simsList,
    {
      bodyLimit: 6 * 1024 * 1024,
      schema: { tags: ['sims'], querystring: LangQuery, body: SimListRequest, response: { 200: resultOf(SimListResult), ...errorResponses } },
    },
    async (request) => ({ result: await listCards(db, principalOf(request), request.body) }),
  );
}
