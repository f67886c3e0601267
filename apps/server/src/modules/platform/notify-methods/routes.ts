import { SessionCheckResult } from '@cab/contract/auth';
import { resultOf } from '@cab/contract/errors';
import {
  NotifyDeliveryListRequest,
  NotifyDeliveryListResult,
  NotifyMethod,
  NotifyMethodCreateRequest,
  NotifyMethodListRequest,
  NotifyMethodListResult,
  NotifyMethodRef,
  NotifyMethodUpdateRequest,
  NotifyTestResult,
} from '@cab/contract/notify-methods';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
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
  const r = typed(app);
  const { db } = deps;
  const schema = { tags: ['notify_methods'], querystring: LangQuery };
  r.post(
    ACCOUNT_API.notifyMethodsList,
    {
      schema: {
        ...schema,
        body: NotifyMethodListRequest,
        response: { 200: resultOf(NotifyMethodListResult), ...errorResponses },
      },
    },
    async (request) => ({ result: await listMethods(db, principalOf(request), request.body?.company_id) }),
  );
  r.post(
    ACCOUNT_API.notifyMethodsCreate,
    {
      schema: {
        ...schema,
        body: NotifyMethodCreateRequest,
        response: { 200: resultOf(NotifyMethod), ...errorResponses },
      },
    },
    async (request) => ({ result: await createMethod(deps, principalOf(request), request.body) }),
  );
  r.post(
    ACCOUNT_API.notifyMethodsUpdate,
    {
      schema: {
        ...schema,
        body: NotifyMethodUpdateRequest,
        response: { 200: resultOf(NotifyMethod), ...errorResponses },
      },
    },
    async (request) => ({ result: await updateMethod(deps, principalOf(request), request.body) }),
  );
  r.post(
    ACCOUNT_API.notifyMethodsDelete,
    {
      schema: { ...schema, body: NotifyMethodRef, response: { 200: resultOf(SessionCheckResult), ...errorResponses } },
    },
    async (request) => {
      await deleteMethod(db, principalOf(request), request.body.company_id, request.body.id);
      return { result: { ok: true as const } };
    },
  );
  r.post(
    ACCOUNT_API.notifyMethodsTest,
    { schema: { ...schema, body: NotifyMethodRef, response: { 200: resultOf(NotifyTestResult), ...errorResponses } } },
    async (request) => ({
      result: await testMethod(deps, principalOf(request), request.body.company_id, request.body.id),
    }),
  );
  r.post(
    ACCOUNT_API.notifyMethodsDeliveries,
    {
      schema: {
        ...schema,
        body: NotifyDeliveryListRequest,
        response: { 200: resultOf(NotifyDeliveryListResult), ...errorResponses },
      },
    },
    async (request) => ({ result: await listDeliveries(db, principalOf(request), request.body) }),
  );
}
