import { NETWORK_API } from '@cab/contract/network';
import type { FastifyInstance } from 'fastify';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { networkStatus, startReconcile, type NetworkStatusDeps } from './service.js';

/** Root's Tools → Network (the gate lets only 'tools.use' through). */
export function registerNetworkStatusRoutes(app: FastifyInstance, deps: NetworkStatusDeps): void {
  const { handle } = endpointRoutes(app, { tag: 'tools' });
  handle(NETWORK_API.status, () => networkStatus(deps));
  handle(NETWORK_API.reconcile, () => startReconcile(deps));
}
