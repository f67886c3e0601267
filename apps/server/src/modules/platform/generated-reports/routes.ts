import { ErrorBody } from '@cab/contract/errors';
import { GENERATED_REPORTS_API } from '@cab/contract/generated-reports';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { requestLang } from '../../../http/errors.js';
import { errorResponses, typed } from '../../../http/route-kit.js';
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
  const tag = 'generated reports';
  const { handle } = endpointRoutes(app, { tag });
  handle(
    GENERATED_REPORTS_API.create,
    ({ body, request }) => createGeneratedReport(deps, principalOf(request), body, requestLang(request)),
    // A report's CSV filter may be as large as the cards list's.
    { bodyLimit: 6 * 1024 * 1024 },
  );
  handle(GENERATED_REPORTS_API.list, ({ body, request }) => listGeneratedReports(deps.db, principalOf(request), body.page, body.size));
  handle(GENERATED_REPORTS_API.delete, async ({ body, request }) => {
    await deleteGeneratedReport(deps, principalOf(request), body.id);
    return { id: body.id };
  });
  handle(GENERATED_REPORTS_API.cancel, async ({ body, request }) => {
    await cancelGeneration(deps, principalOf(request), body.qid);
    return { qid: body.qid };
  });
  // Declared in the contract as a file, but registered here rather than with `file(...)`: the
  // download documents its own answers (the file; 409 not written yet; 410 gone: deleted, expired,
  // cancelled, failed), which `file(...)` cannot state — and it is the only route answering 410.
  const { download } = GENERATED_REPORTS_API;
  typed(app).get(
    download.path,
    { schema: { tags: [tag], querystring: download.query, response: { 200: ReportFile, ...errorResponses, 409: ErrorBody, 410: ErrorBody } } },
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
