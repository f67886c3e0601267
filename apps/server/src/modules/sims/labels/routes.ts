import { SIM_LABELS_API } from '@cab/contract/sim-labels';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { addSimLabel, listLabels, removeSimLabel } from './service.js';

export function registerSimLabelRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'sims' });
  handle(SIM_LABELS_API.add, ({ body, request }) => addSimLabel(db, principalOf(request), body.id, body.label));
  handle(SIM_LABELS_API.remove, ({ body, request }) => removeSimLabel(db, principalOf(request), body.id, body.label));
  handle(SIM_LABELS_API.list, ({ body, request }) => listLabels(db, principalOf(request), body?.company));
}
