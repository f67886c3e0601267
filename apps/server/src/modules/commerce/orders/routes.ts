import { ErrorBody, resultOf } from '@cab/contract/errors';
import {
  Order,
  OrderCommentRequest,
  OrderCreateRequest,
  OrderIdRequest,
  OrderListRequest,
  OrderListResult,
  OrderStatusRequest,
} from '@cab/contract/orders';
import { COMMERCE_API } from '@cab/contract/paths-commerce';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import type { EventBus } from '../../../realtime/bus.js';
import { cancelOrder, commentOrder, createOrder, getOrder, listOrders, moveOrder } from './service.js';

export function registerOrderRoutes(app: FastifyInstance, { db, bus }: { db: Db; bus: EventBus }): void {
  const r = typed(app);
  const schema = { tags: ['orders'], querystring: LangQuery };
  const answers = { 200: resultOf(Order), ...errorResponses, 409: ErrorBody };
  r.post(
    COMMERCE_API.ordersList,
    { schema: { ...schema, body: OrderListRequest, response: { 200: resultOf(OrderListResult), ...errorResponses } } },
    async (request) => ({ result: await listOrders(db, principalOf(request), request.body) }),
  );
  r.post(COMMERCE_API.ordersGet, { schema: { ...schema, body: OrderIdRequest, response: answers } }, async (request) => ({
    result: await getOrder(db, principalOf(request), request.body.id),
  }));
  r.post(COMMERCE_API.ordersCreate, { schema: { ...schema, body: OrderCreateRequest, response: answers } }, async (request) => ({
    result: await createOrder(db, bus, principalOf(request), request.body),
  }));
  r.post(COMMERCE_API.ordersStatus, { schema: { ...schema, body: OrderStatusRequest, response: answers } }, async (request) => ({
    result: await moveOrder(db, bus, principalOf(request), request.body),
  }));
  r.post(COMMERCE_API.ordersComment, { schema: { ...schema, body: OrderCommentRequest, response: answers } }, async (request) => ({
    result: await commentOrder(db, bus, principalOf(request), request.body),
  }));
  r.post(COMMERCE_API.ordersCancel, { schema: { ...schema, body: OrderIdRequest, response: answers } }, async (request) => ({
    result: await cancelOrder(db, bus, principalOf(request), request.body.id),
  }));
}
