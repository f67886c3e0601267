import { EmptyBody } from '@cab/contract/common';
import { resultOf } from '@cab/contract/errors';
import { OPS_API } from '@cab/contract/paths-ops';
import {
  QuickSearchRequest,
  QuickSearchResult,
  SavedView,
  SavedViewCreateRequest,
  SavedViewDeleteRequest,
  SavedViewListResult,
  SavedViewUpdateRequest,
  SimExportRequest,
} from '@cab/contract/sim-tools';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { AppError, requestLang } from '../../../http/errors.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { EXPORT_COLUMNS, EXPORT_HEADERS, countExport, exportCells, exportRows } from './export-rows.js';
import { csvStream, xlsxExportStream } from './export-writers.js';
import { quickSearch } from './quick-search.js';
import { createView, deleteView, listViews, updateView } from './views-service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Export of the filtered list, the header's quick search and saved views (issue 14). */
export function registerSimToolRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = typed(app);
  const { db } = deps;
  const tags = ['sims'];
  r.post(
    OPS_API.simsExport,
    { bodyLimit: 6 * 1024 * 1024, schema: { tags, querystring: LangQuery, body: SimExportRequest } },
    async (request, reply) => {
      const principal = principalOf(request);
      const { format, ...rest } = request.body;
      const query = { ...rest, page: 0, size: 1 };
      const count = await countExport(db, principal, query);
      if (!count.exact) throw new AppError('export_too_large');
      const lang = requestLang(request);
      const header = EXPORT_COLUMNS.map((column) => EXPORT_HEADERS[lang][column]);
      async function* batches() {
        for await (const rows of exportRows(db, principal, query)) yield rows.map(exportCells);
      }
      const stamp = new Date().toISOString().slice(0, 10);
      reply.header('X-Export-Rows', String(count.total));
      if (format === 'xlsx') {
        return reply
          .header('Content-Type', XLSX_TYPE)
          .header('Content-Disposition', `attachment; filename="sims-${stamp}.xlsx"`)
          .send(xlsxExportStream(lang === 'ru' ? 'SIM-карты' : 'SIM cards', header, batches()));
      }
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="sims-${stamp}.csv"`)
        .send(csvStream(header, batches()));
    },
  );
  r.post(
    OPS_API.simsQuickSearch,
    { schema: { tags, querystring: LangQuery, body: QuickSearchRequest, response: { 200: resultOf(QuickSearchResult), ...errorResponses } } },
    async (request) => ({ result: await quickSearch(db, principalOf(request), request.body.q) }),
  );
  const views = ['views'];
  r.post(
    OPS_API.viewsList,
    { schema: { tags: views, querystring: LangQuery, body: EmptyBody, response: { 200: resultOf(SavedViewListResult), ...errorResponses } } },
    async (request) => ({ result: await listViews(db, principalOf(request)) }),
  );
  r.post(
    OPS_API.viewsCreate,
    { schema: { tags: views, querystring: LangQuery, body: SavedViewCreateRequest, response: { 200: resultOf(SavedView), ...errorResponses } } },
    async (request) => ({ result: await createView(db, principalOf(request), request.body) }),
  );
  r.post(
    OPS_API.viewsUpdate,
    { schema: { tags: views, querystring: LangQuery, body: SavedViewUpdateRequest, response: { 200: resultOf(SavedView), ...errorResponses } } },
    async (request) => ({ result: await updateView(db, principalOf(request), request.body) }),
  );
  r.post(
    OPS_API.viewsDelete,
    {
      schema: {
        tags: views,
        querystring: LangQuery,
        body: SavedViewDeleteRequest,
        response: { 200: resultOf(z.object({ id: z.number().int() })), ...errorResponses },
      },
    },
    async (request) => ({ result: await deleteView(db, principalOf(request), request.body.id) }),
  );
}
