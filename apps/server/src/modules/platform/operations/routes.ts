import { OPERATIONS_API } from '@cab/contract/operations';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { requestLang } from '../../../http/errors.js';
import { RESULTS_CSV_DELIVERY_HEADER, RESULTS_CSV_HEADER } from '../../../http/messages.js';
import { type QueueDeps, streamResultsCsv } from '../queue/index.js';
import { previewSelection } from './preview-service.js';
import { retryFailed } from './retry-service.js';
import { getOperation, listOperationResults, listOperations, listSimOperations, resultsForCsv } from './service.js';

/** The operation history (issue 14): every bulk operation of the company and its per-SIM results. */
export function registerOperationRoutes(app: FastifyInstance, deps: QueueDeps): void {
  const { handle, file } = endpointRoutes(app, { tag: 'operations' });
  const { db } = deps;
  handle(OPERATIONS_API.list, ({ body, request }) => listOperations(db, principalOf(request), body));
  handle(OPERATIONS_API.get, ({ body, request }) => getOperation(db, principalOf(request), body.qid));
  handle(OPERATIONS_API.results, ({ body, request }) => listOperationResults(db, principalOf(request), body));
  file(OPERATIONS_API.resultsCsv, async ({ body: query, request, reply }) => {
    const { qid, status, reason } = query;
    const { ref, withDelivery } = await resultsForCsv(db, principalOf(request), qid);
    const lang = requestLang(request);
    const header = withDelivery ? [...RESULTS_CSV_HEADER[lang], RESULTS_CSV_DELIVERY_HEADER[lang]] : RESULTS_CSV_HEADER[lang];
    const suffix = status ? `-${status}` : '';
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="operation-${qid}${suffix}.csv"`)
      .send(streamResultsCsv(db, ref, header, { status, reason }, withDelivery));
  });
  handle(OPERATIONS_API.retry, ({ body, request }) => retryFailed(deps, principalOf(request), body.qid));
  handle(OPERATIONS_API.bySim, ({ body, request }) => listSimOperations(db, principalOf(request), body));
  handle(OPERATIONS_API.queuePreview, ({ body, request }) => previewSelection(db, principalOf(request), body), { bodyLimit: 6 * 1024 * 1024 });
}
