import { NOTIFY_METHODS_API } from '@cab/contract/notify-methods';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import {
  createMethod,
  deleteMethod,
  listDeliveries,
  listMethods,
  testMethod,
  updateMethod,
  type NotifyMethodsDeps,
} from './service.js';

export function registerNotifyMethodRoutes(app: FastifyInstance, deps: NotifyMethodsDeps): void {
  const { handle } = endpointRoutes(app, { tag: 'notify_methods' });
  const { db } = deps;
  handle(NOTIFY_METHODS_API.list, ({ body, request }) => listMethods(db, principalOf(request), body?.company_id));
  handle(NOTIFY_METHODS_API.create, ({ body, request }) => createMethod(deps, principalOf(request), body));
  handle(NOTIFY_METHODS_API.update, ({ body, request }) => updateMethod(deps, principalOf(request), body));
  handle(NOTIFY_METHODS_API.delete, async ({ body, request }) => {
    await deleteMethod(db, principalOf(request), body.company_id, body.id);
    return { ok: true as const };
  });
  handle(NOTIFY_METHODS_API.test, ({ body, request }) =>
    testMethod(deps, principalOf(request), body.company_id, body.id),
  );
  handle(NOTIFY_METHODS_API.deliveries, ({ body, request }) => listDeliveries(db, principalOf(request), body));
}
