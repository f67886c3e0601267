import { ORDER_API } from '@cab/contract/orders';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import type { EventBus } from '../../../realtime/bus.js';
import { cancelOrder, commentOrder, createOrder, getOrder, listOrders, moveOrder, type SimsIssued } from './service.js';

export function registerOrderRoutes(
  app: FastifyInstance,
  { db, bus, onSimsIssued }: { db: Db; bus: EventBus; onSimsIssued?: SimsIssued },
): void {
  // The list answers no 409; every call on one order may (a status the order has left).
  const list = endpointRoutes(app, { tag: 'orders' });
  const { handle } = endpointRoutes(app, { tag: 'orders', errors: [409] });

  list.handle(ORDER_API.list, ({ body, request }) => listOrders(db, principalOf(request), body));
  handle(ORDER_API.get, ({ body, request }) => getOrder(db, principalOf(request), body.id));
  handle(ORDER_API.create, ({ body, request }) => createOrder(db, bus, principalOf(request), body));
  handle(ORDER_API.status, ({ body, request }) => moveOrder(db, bus, principalOf(request), body, onSimsIssued));
  handle(ORDER_API.comment, ({ body, request }) => commentOrder(db, bus, principalOf(request), body));
  handle(ORDER_API.cancel, ({ body, request }) => cancelOrder(db, bus, principalOf(request), body.id));
}
