import { resultOf } from '@cab/contract/errors';
import {
  OperationDetail,
  OperationGetRequest,
  OperationListRequest,
  OperationListResult,
  OperationResultsCsvQuery,
  OperationResultsRequest,
  OperationResultsResult,
  OperationRetryRequest,
  OperationsBySimRequest,
  OperationsBySimResult,
  QueuePreviewRequest,
  QueuePreviewResult,
} from '@cab/contract/operations';
import { OPS_API } from '@cab/contract/paths-ops';
import { QueueCreateResult } from '@cab/contract/queue';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { requestLang } from '../../../http/errors.js';
import { RESULTS_CSV_HEADER } from '../../../http/messages.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import type { QueueDeps } from '../queue/create-service.js';
import { streamResultsCsv } from '../queue/results-csv.js';
import { previewSelection } from './preview-service.js';
import { retryFailed } from './retry-service.js';
import { getOperation, listOperationResults, listOperations, listSimOperations, resultsForCsv } from './service.js';

/** The operation history (issue 14): every bulk operation of the company and its per-SIM results. */
export function registerOperationRoutes(app: FastifyInstance, deps: QueueDeps): void {
  const r = typed(app);
  const { db } = deps;
  const tags = ['operations'];
  r.post(
    OPS_API.operationsList,
    { schema: { tags, querystring: LangQuery, body: OperationListRequest, response: { 200: resultOf(OperationListResult), ...errorResponses } } },
    async (request) => ({ result: await listOperations(db, principalOf(request), request.body) }),
  );
  r.post(
    OPS_API.operationsGet,
    { schema: { tags, querystring: LangQuery, body: OperationGetRequest, response: { 200: resultOf(OperationDetail), ...errorResponses } } },
    async (request) => ({ result: await getOperation(db, principalOf(request), request.body.qid) }),
  );
  r.post(
    OPS_API.operationsResults,
    { schema: { tags, querystring: LangQuery, body: OperationResultsRequest, response: { 200: resultOf(OperationResultsResult), ...errorResponses } } },
    async (request) => ({ result: await listOperationResults(db, principalOf(request), request.body) }),
  );
  r.get(OPS_API.operationsResultsCsv, { schema: { tags, querystring: OperationResultsCsvQuery } }, async (request, reply) => {
    const { qid, status, reason } = request.query;
    const ref = await resultsForCsv(db, principalOf(request), qid);
    const suffix = status ? `-${status}` : '';
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="operation-${qid}${suffix}.csv"`)
      .send(streamResultsCsv(db, ref, RESULTS_CSV_HEADER[requestLang(request)], { status, reason }));
  });
  r.post(
    OPS_API.operationsRetry,
    { schema: { tags, querystring: LangQuery, body: OperationRetryRequest, response: { 200: resultOf(QueueCreateResult), ...errorResponses } } },
    async (request) => ({ result: await retryFailed(deps, principalOf(request), request.body.qid) }),
  );
  r.post(
    OPS_API.operationsBySim,
    { schema: { tags, querystring: LangQuery, body: OperationsBySimRequest, response: { 200: resultOf(OperationsBySimResult), ...errorResponses } } },
    async (request) => ({ result: await listSimOperations(db, principalOf(request), request.body) }),
  );
  r.post(
    OPS_API.queuePreview,
    {
      bodyLimit: 6 * 1024 * 1024,
      schema: { tags, querystring: LangQuery, body: QueuePreviewRequest, response: { 200: resultOf(QueuePreviewResult), ...errorResponses } },
    },
    async (request) => ({ result: await previewSelection(db, principalOf(request), request.body) }),
  );
}
