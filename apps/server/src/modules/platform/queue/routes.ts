import { resultOf } from '@cab/contract/errors';
import { API } from '@cab/contract/paths';
import {
  QueueCancelRequest,
  QueueCancelResult,
  QueueCreateRequest,
  QueueCreateResult,
  QueueListResult,
  QueueResultsQuery,
} from '@cab/contract/queue';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { requirePermission } from '../../../auth/principal.js';
import { AppError, requestLang } from '../../../http/errors.js';
import { RESULTS_CSV_HEADER } from '../../../http/messages.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { cancelQueueItem, createQueueItem, type QueueDeps } from './create-service.js';
import { findItem } from './item-repository.js';
import { streamResultsCsv } from './results-csv.js';
import { listQueue } from './service.js';

export function registerQueueRoutes(app: FastifyInstance, deps: QueueDeps): void {
  const r = typed(app);
  r.get(
    API.queueList,
    { schema: { tags: ['queue'], querystring: LangQuery, response: { 200: resultOf(QueueListResult), ...errorResponses } } },
    async (request) => ({ result: await listQueue(deps.db, principalOf(request)) }),
  );
  r.post(
    API.queueCreate,
    {
      bodyLimit: 6 * 1024 * 1024,
      schema: { tags: ['queue'], querystring: LangQuery, body: QueueCreateRequest, response: { 200: resultOf(QueueCreateResult), ...errorResponses } },
    },
    async (request) => ({ result: await createQueueItem(deps, principalOf(request), request.body) }),
  );
  r.post(
    API.queueCancel,
    { schema: { tags: ['queue'], querystring: LangQuery, body: QueueCancelRequest, response: { 200: resultOf(QueueCancelResult), ...errorResponses } } },
    async (request) => ({ result: { cancelled: await cancelQueueItem(deps, principalOf(request), request.body.qid) } }),
  );
  r.get(
    API.queueResults,
    { schema: { tags: ['queue'], querystring: QueueResultsQuery } },
    async (request, reply) => {
      const principal = principalOf(request);
      requirePermission(principal, 'sims.read');
      const item = await findItem(deps.db, principal.companyId, request.query.qid);
      if (!item) throw new AppError('not_found');
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="queue-${item.id}.csv"`)
        .send(streamResultsCsv(deps.db, { companyId: principal.companyId, queueId: item.id }, RESULTS_CSV_HEADER[requestLang(request)]));
    },
  );
}
