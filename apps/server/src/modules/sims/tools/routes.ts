import { SIM_EXPORT_PATH, SIM_TOOLS_API, SimExportRequest } from '@cab/contract/sim-tools';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { AppError, requestLang } from '../../../http/errors.js';
import { sendExport } from '../../../http/export-reply.js';
import { LangQuery, typed } from '../../../http/route-kit.js';
import { EXPORT_COLUMNS, EXPORT_HEADERS, countExport, exportCells, exportRows } from './export-rows.js';
import { quickSearch } from './quick-search.js';
import { createView, deleteView, listViews, updateView } from './views-service.js';

/** Export of the filtered list, the header's quick search and saved views (issue 14). */
export function registerSimToolRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  // A POST answered with the file itself (not `{ result }`): a plain route, its access in route-access.ts.
  typed(app).post(
    SIM_EXPORT_PATH,
    { bodyLimit: 6 * 1024 * 1024, schema: { tags: ['sims'], querystring: LangQuery, body: SimExportRequest } },
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
      return sendExport(reply, { format, name: 'sims', sheet: lang === 'ru' ? 'SIM-карты' : 'SIM cards', rows: count.total, header, cells: batches() });
    },
  );
  const sims = endpointRoutes(app, { tag: 'sims' });
  sims.handle(SIM_TOOLS_API.quickSearch, ({ body, request }) => quickSearch(db, principalOf(request), body.q));

  const views = endpointRoutes(app, { tag: 'views' });
  views.handle(SIM_TOOLS_API.viewsList, ({ request }) => listViews(db, principalOf(request)));
  views.handle(SIM_TOOLS_API.viewsCreate, ({ body, request }) => createView(db, principalOf(request), body));
  views.handle(SIM_TOOLS_API.viewsUpdate, ({ body, request }) => updateView(db, principalOf(request), body));
  views.handle(SIM_TOOLS_API.viewsDelete, ({ body, request }) => deleteView(db, principalOf(request), body.id));
}
