import { SIM_EVENTS_API } from '@cab/contract/sim-events';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { listCompanyEvents, listSimEvents } from './service.js';

/** The network event log: a SIM's (its page) and the company's (/events). */
export function registerSimEventRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'sims' });
  handle(SIM_EVENTS_API.bySim, ({ body, request }) => listSimEvents(db, principalOf(request), body));
  handle(SIM_EVENTS_API.list, ({ body, request }) => listCompanyEvents(db, principalOf(request), body));
}
