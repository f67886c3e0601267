import { COMPANY_API } from '@cab/contract/company';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../../auth/authenticate.js';
import type { Db } from '../../../../db/client.js';
import { endpointRoutes } from '../../../../http/endpoint-routes.js';
import { getCompany, updateCompany } from './service.js';

export function registerCompanyPageRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'company' });
  handle(COMPANY_API.get, ({ body, request }) => getCompany(db, principalOf(request), body?.id));
  handle(COMPANY_API.update, ({ body, request }) => updateCompany(db, principalOf(request), body));
}
