import { ALERTS_API } from '@cab/contract/alerts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { createRule, deleteRule, listFirings, listRules, updateRule } from './service.js';

export function registerAlertRoutes(app: FastifyInstance, db: Db): void {
  const { handle } = endpointRoutes(app, { tag: 'alerts' });
  handle(ALERTS_API.rules, ({ body, request }) => listRules(db, principalOf(request), body?.company));
  handle(ALERTS_API.create, ({ body, request }) => createRule(db, principalOf(request), body));
  handle(ALERTS_API.update, ({ body, request }) => updateRule(db, principalOf(request), body));
  handle(ALERTS_API.delete, ({ body, request }) => deleteRule(db, principalOf(request), body.id));
  handle(ALERTS_API.firings, ({ body, request }) => listFirings(db, principalOf(request), body));
}
