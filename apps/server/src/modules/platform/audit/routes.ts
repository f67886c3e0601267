import { COMPANIES_ADMIN_API } from '@cab/contract/companies-admin';
import { COMPANY_AUDIT_API } from '@cab/contract/company-audit';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { requestLang } from '../../../http/errors.js';
import { sendExport } from '../../../http/export-reply.js';
import { companyAuditExportCells, companyAuditExportHeader } from './company-log-export.js';
import { listCompanyAuditLog, prepareCompanyAuditExport } from './company-log-service.js';
import { listAuditLog } from './list-service.js';

/** Root's log of every company, and each company's own for its admins (issue 22.6). */
export function registerAuditRoutes(app: FastifyInstance, db: Db): void {
  const { handle, file } = endpointRoutes(app, { tag: 'audit' });
  handle(COMPANIES_ADMIN_API.auditList, ({ body, request }) => listAuditLog(db, principalOf(request), body));
  handle(COMPANY_AUDIT_API.list, ({ body, request }) => listCompanyAuditLog(db, principalOf(request), body));
  file(COMPANY_AUDIT_API.export, async ({ body: query, request, reply }) => {
    const { format, lang: _lang, ...filter } = query;
    const lang = requestLang(request);
    const { rows, batches } = await prepareCompanyAuditExport(db, principalOf(request), filter);
    async function* cells() {
      for await (const items of batches()) yield items.map((item) => companyAuditExportCells(item, lang));
    }
    return sendExport(reply, { format, name: 'audit', sheet: 'Audit', rows, header: companyAuditExportHeader(lang), cells: cells() });
  });
}
