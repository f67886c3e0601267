import { EmptyBody } from '@cab/contract/common';
import { resultOf } from '@cab/contract/errors';
import { DashboardSummary } from '@cab/contract/generated-reports';
import { FILES_API } from '@cab/contract/paths-files';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { dashboardSummary } from './service.js';

export function registerDashboardRoutes(app: FastifyInstance, db: Db): void {
  typed(app).post(
    FILES_API.dashboardSummary,
    {
      schema: {
        tags: ['dashboard'],
        querystring: LangQuery,
        body: EmptyBody,
        response: { 200: resultOf(DashboardSummary), ...errorResponses },
      },
    },
    async (request) => ({ result: await dashboardSummary(db, principalOf(request)) }),
  );
}
