import { ErrorBody, resultOf } from '@cab/contract/errors';
import {
  GeneratedReportCancelRequest,
  GeneratedReportCancelResult,
  GeneratedReportCreateRequest,
  GeneratedReportCreateResult,
  GeneratedReportDownloadQuery,
  GeneratedReportIdRequest,
  GeneratedReportIdResult,
  GeneratedReportsListRequest,
  GeneratedReportsListResult,
} from '@cab/contract/generated-reports';
import { FILES_API } from '@cab/contract/paths-files';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../../auth/authenticate.js';
import { requestLang } from '../../../http/errors.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import {
  cancelGeneration,
  createGeneratedReport,
  deleteGeneratedReport,
  listGeneratedReports,
  openDownload,
  type GeneratedReportsDeps,
} from './service.js';

/** `filename` (ASCII, quoted) and `filename*` (RFC 5987), both from a name of safe characters only. */
function contentDisposition(fileName: string): string {
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A stream is sent as it is (Fastify serializes no stream); in the document it is the file of any type. */
const ReportFile = z.instanceof(Readable).meta({ description: 'The report file (CSV or XLSX)' });

export function registerGeneratedReportRoutes(app: FastifyInstance, deps: GeneratedReportsDeps): void {
  const r = typed(app);
  const tags = ['generated reports'];
  r.post(
    FILES_API.generatedReportsCreate,
    {
      // A report's CSV filter may be as large as the cards list's.
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags,
        querystring: LangQuery,
        body: GeneratedReportCreateRequest,
        response: { 200: resultOf(GeneratedReportCreateResult), ...errorResponses },
      },
    },
    async (request) => ({
      result: await createGeneratedReport(deps, principalOf(request), request.body, requestLang(request)),
    }),
  );
  r.post(
    FILES_API.generatedReportsList,
    {
      schema: {
        tags,
        querystring: LangQuery,
        body: GeneratedReportsListRequest,
        response: { 200: resultOf(GeneratedReportsListResult), ...errorResponses },
      },
    },
    async (request) => ({
      result: await listGeneratedReports(deps.db, principalOf(request), request.body.page, request.body.size),
    }),
  );
  r.post(
    FILES_API.generatedReportsDelete,
    {
      schema: {
        tags,
        querystring: LangQuery,
        body: GeneratedReportIdRequest,
        response: { 200: resultOf(GeneratedReportIdResult), ...errorResponses },
      },
    },
    async (request) => {
      await deleteGeneratedReport(deps, principalOf(request), request.body.id);
      return { result: { id: request.body.id } };
    },
  );
  r.post(
    FILES_API.generatedReportsCancel,
    {
      schema: {
        tags,
        querystring: LangQuery,
        body: GeneratedReportCancelRequest,
        response: { 200: resultOf(GeneratedReportCancelResult), ...errorResponses },
      },
    },
    async (request) => {
      await cancelGeneration(deps, principalOf(request), request.body.qid);
      return { result: { qid: request.body.qid } };
    },
  );
  r.get(
    FILES_API.generatedReportsDownload,
    // The file itself is no JSON; its refusals are: 409 not written yet, 410 gone (deleted, expired, cancelled, failed).
    { schema: { tags, querystring: GeneratedReportDownloadQuery, response: { 200: ReportFile, ...errorResponses, 409: ErrorBody, 410: ErrorBody } } },
    async (request, reply) => {
      const file = await openDownload(deps, principalOf(request), request.query.id);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', file.bytes)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.body);
    },
  );
}
