import { resultOf } from '@cab/contract/errors';
import { QUEUE_API, QUEUE_LIST_PATH, QueueListResult } from '@cab/contract/queue';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { AppError, requestLang } from '../../../http/errors.js';
import { RESULTS_CSV_HEADER } from '../../../http/messages.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { cancelQueueItem, createQueueItem, type QueueDeps } from './create-service.js';
import { findItem } from './item-repository.js';
import { streamResultsCsv } from './results-csv.js';
import { listQueue } from './service.js';

export function registerQueueRoutes(app: FastifyInstance, deps: QueueDeps): void {
  const { handle, file } = endpointRoutes(app, { tag: 'queue' });
  // The spec's GET: not a registry endpoint (queue.ts), so registered here with its own schema.
  typed(app).get(
    QUEUE_LIST_PATH,
    { schema: { tags: ['queue'], querystring: LangQuery, response: { 200: resultOf(QueueListResult), ...errorResponses } } },
    async (request) => ({ result: await listQueue(deps.db, principalOf(request)) }),
  );
  handle(QUEUE_API.create, ({ body, request }) => createQueueItem(deps, principalOf(request), body), { bodyLimit: 6 * 1024 * 1024 });
  handle(QUEUE_API.cancel, async ({ body, request }) => ({ cancelled: await cancelQueueItem(deps, principalOf(request), body.qid) }));
  file(QUEUE_API.results, async ({ body: query, request, reply }) => {
    const principal = principalOf(request);
    const item = await findItem(deps.db, principal.companyId, query.qid);
    if (!item) throw new AppError('not_found');
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="queue-${item.id}.csv"`)
      .send(streamResultsCsv(deps.db, { companyId: principal.companyId, queueId: item.id }, RESULTS_CSV_HEADER[requestLang(request)]));
  });
}
