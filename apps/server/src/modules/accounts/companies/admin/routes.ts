import { COMPANIES_ADMIN_API } from '@cab/contract/companies-admin';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../../auth/authenticate.js';
import { requestLang } from '../../../../http/errors.js';
import { endpointRoutes } from '../../../../http/endpoint-routes.js';
import {
  createCompany,
  deleteCompany,
  listCompanies,
  listCompanyUsers,
  setCompanyBlocked,
  type CompaniesAdminDeps,
} from './service.js';

/** Root-only calls of the /companies page (permission companies.manage). */
export function registerCompaniesAdminRoutes(app: FastifyInstance, deps: CompaniesAdminDeps): void {
  const reads = endpointRoutes(app, { tag: 'companies' });
  // Changes may conflict with the company's state (protected, has SIMs, taken tax number…).
  const changes = endpointRoutes(app, { tag: 'companies', errors: [409] });
  reads.handle(COMPANIES_ADMIN_API.list, ({ body, request }) => listCompanies(deps.db, principalOf(request), body));
  changes.handle(COMPANIES_ADMIN_API.block, ({ body, request }) => setCompanyBlocked(deps, principalOf(request), body.id, true, request.ip));
  changes.handle(COMPANIES_ADMIN_API.unblock, ({ body, request }) => setCompanyBlocked(deps, principalOf(request), body.id, false, request.ip));
  changes.handle(COMPANIES_ADMIN_API.delete, ({ body, request }) => deleteCompany(deps, principalOf(request), body.id, request.ip));
  changes.handle(COMPANIES_ADMIN_API.create, ({ body, request }) =>
    createCompany({ ...deps, log: request.log }, principalOf(request), body, { ip: request.ip, lang: requestLang(request) }),
  );
  reads.handle(COMPANIES_ADMIN_API.users, ({ body, request }) => listCompanyUsers(deps.db, principalOf(request), body.id, requestLang(request)));
}
