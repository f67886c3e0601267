import { COMPANIES_API } from '@cab/contract/companies';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { listScopeCompanies } from './scope-service.js';

export function registerCompanyRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'companies' });
  handle(COMPANIES_API.scope, ({ body, request }) => listScopeCompanies(db, principalOf(request), body?.query));
}
