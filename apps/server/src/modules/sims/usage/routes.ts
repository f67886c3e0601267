import { SIM_USAGE_API } from '@cab/contract/sim-usage';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { getUsageOverview, type UsageOverviewDeps } from './overview-service.js';

export function registerSimUsageRoutes(app: FastifyInstance, deps: UsageOverviewDeps): void {
  const { handle } = endpointRoutes(app, { tag: 'sims' });
  handle(SIM_USAGE_API.overview, ({ body, request }) => getUsageOverview(deps, principalOf(request), body));
}
