import { CompanyDetails, CompanyGetRequest, CompanyUpdateRequest } from '@cab/contract/company';
import { resultOf } from '@cab/contract/errors';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { getCompany, updateCompany } from './service.js';

export function registerCompanyPageRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  const schema = { tags: ['company'], querystring: LangQuery };
  r.post(
    ACCOUNT_API.companyGet,
    { schema: { ...schema, body: CompanyGetRequest, response: { 200: resultOf(CompanyDetails), ...errorResponses } } },
    async (request) => ({ result: await getCompany(db, principalOf(request), request.body?.id) }),
  );
  r.post(
    ACCOUNT_API.companyUpdate,
    {
      schema: { ...schema, body: CompanyUpdateRequest, response: { 200: resultOf(CompanyDetails), ...errorResponses } },
    },
    async (request) => ({ result: await updateCompany(db, principalOf(request), request.body) }),
  );
}
