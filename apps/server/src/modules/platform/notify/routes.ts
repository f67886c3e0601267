import { resultOf } from '@cab/contract/errors';
import { NotifyListRequest, NotifyListResult, NotifyReadRequest, NotifyReadResult } from '@cab/contract/notify';
import { API } from '@cab/contract/paths';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { listNotifications, readNotifications } from './service.js';

export function registerNotifyRoutes(app: FastifyInstance, db: Db): void {
  const r = typed(app);
  r.post(
    API.notifyList,
    { schema: { tags: ['notifications'], querystring: LangQuery, body: NotifyListRequest, response: { 200: resultOf(NotifyListResult), ...errorResponses } } },
    async (request) => ({ result: await listNotifications(db, principalOf(request), request.body?.all ?? false, request.query.lang) }),
  );
  r.post(
    API.notifyRead,
    { schema: { tags: ['notifications'], querystring: LangQuery, body: NotifyReadRequest, response: { 200: resultOf(NotifyReadResult), ...errorResponses } } },
    async (request) => ({ result: { updated: await readNotifications(db, principalOf(request), request.body.id) } }),
  );
}
