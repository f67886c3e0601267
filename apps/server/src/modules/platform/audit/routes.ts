import { COMPANIES_ADMIN_API } from '@cab/contract/companies-admin';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { listAuditLog } from './list-service.js';

export function registerAuditRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'audit' });
  handle(COMPANIES_ADMIN_API.auditList, ({ body, request }) => listAuditLog(db, principalOf(request), body));
}
