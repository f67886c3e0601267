import { SIMS_API } from '@cab/contract/sims';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { compiledSerializer } from '../../../http/route-kit.js';
import { getSim, listSimUsage, updateSim, type SimDeps } from './detail-service.js';
import { listCards, listCsvMissing } from './service.js';

export function registerSimRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'sims' });
  handle(SIMS_API.list, ({ body, request }) => listCards(db, principalOf(request), body), {
    bodyLimit: 6 * 1024 * 1024,
    serializerCompiler: compiledSerializer,
    // listCards always reads (the page and its count) and writes nothing.
    config: { confirmPrincipalAfterReads: true },
  });
  handle(SIMS_API.csvMissing, ({ body, request }) => listCsvMissing(db, principalOf(request), body), { bodyLimit: 6 * 1024 * 1024 });
}

export function registerSimDetailRoutes(app: FastifyInstance, deps: SimDeps): void {
  const { handle } = endpointRoutes(app, { tag: 'sims' });
  handle(SIMS_API.get, ({ body, request }) => getSim(deps, principalOf(request), body.id));
  handle(SIMS_API.update, ({ body, request }) => updateSim(deps, principalOf(request), body));
  handle(SIMS_API.usage, ({ body, request }) => listSimUsage(deps, principalOf(request), body));
}
