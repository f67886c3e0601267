import { AuditListRequest, AuditListResult } from '@cab/contract/companies-admin';
import { resultOf } from '@cab/contract/errors';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { listAuditLog } from './list-service.js';

export function registerAuditRoutes(app: FastifyInstance, db: Db): void {
  typed(app).post(
    ACCOUNT_API.auditList,
    { schema: { tags: ['audit'], querystring: LangQuery, body: AuditListRequest, response: { 200: resultOf(AuditListResult), ...errorResponses } } },
    async (request) => ({ result: await listAuditLog(db, principalOf(request), request.body) }),
  );
}
