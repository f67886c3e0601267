import { GENERATED_REPORTS_API } from '@cab/contract/generated-reports';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { dashboardSummary } from './service.js';

export function registerDashboardRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'dashboard' });
  handle(GENERATED_REPORTS_API.dashboardSummary, ({ request }) => dashboardSummary(db, principalOf(request)));
}
