import { RADIUS_API } from '@cab/contract/radius';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { createClient, deleteClient, listClients, radiusStats, unknownImsis, type RadiusToolsDeps } from './service.js';

/** Root's Tools → Network, RADIUS accounting (the gate lets only 'tools.use' through). */
export function registerRadiusRoutes(app: FastifyInstance, deps: RadiusToolsDeps): void {
  const { handle } = endpointRoutes(app, { tag: 'tools' });
  handle(RADIUS_API.clients, () => listClients(deps));
  handle(RADIUS_API.clientCreate, ({ body, request }) => createClient(deps, principalOf(request), body));
  handle(RADIUS_API.clientDelete, ({ body, request }) => deleteClient(deps, principalOf(request), body.id));
  handle(RADIUS_API.stats, () => radiusStats(deps));
  handle(RADIUS_API.unknownImsis, ({ body }) => unknownImsis(deps, body?.size));
}
