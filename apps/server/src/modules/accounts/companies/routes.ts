import { ScopeCompaniesRequest, ScopeCompaniesResult } from '@cab/contract/companies';
import { resultOf } from '@cab/contract/errors';
import { API } from '@cab/contract/paths';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { listScopeCompanies } from './scope-service.js';

export function registerCompanyRoutes(app: FastifyInstance, db: Db): void {
  typed(app).post(
    API.companiesScope,
    { schema: { tags: ['companies'], querystring: LangQuery, body: ScopeCompaniesRequest, response: { 200: resultOf(ScopeCompaniesResult), ...errorResponses } } },
    async (request) => ({ result: await listScopeCompanies(db, principalOf(request), request.body?.query) }),
  );
}
