import { QUEUE_API } from '@cab/contract/queue';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { AppError, requestLang } from '../../../http/errors.js';
import { RESULTS_CSV_HEADER } from '../../../http/messages.js';
import { cancelQueueItem, createQueueItem, type QueueDeps } from './create-service.js';
import { findItem } from './item-repository.js';
import { streamResultsCsv } from './results-csv.js';
import { listFinishedQueue, listQueue } from './service.js';

export function registerQueueRoutes(app: FastifyInstance, deps: QueueDeps): void {
  const { handle, file } = endpointRoutes(app, { tag: 'queue' });
  handle(QUEUE_API.list, ({ request }) => listQueue(deps.db, principalOf(request)));
  handle(QUEUE_API.finished, ({ request }) => listFinishedQueue(deps.db, principalOf(request)));
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
