import {
  AdminCompany,
  AdminCompanyListRequest,
  AdminCompanyListResult,
  CompanyCreateRequest,
  CompanyCreateResult,
  CompanyIdRequest,
  CompanyUsersResult,
} from '@cab/contract/companies-admin';
import { ErrorBody, resultOf } from '@cab/contract/errors';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { requestLang } from '../../../http/errors.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
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
  const r = typed(app);
  const schema = { tags: ['companies'], querystring: LangQuery };
  const withConflict = { ...errorResponses, 409: ErrorBody };
  r.post(
    ACCOUNT_API.companiesAdminList,
    { schema: { ...schema, body: AdminCompanyListRequest, response: { 200: resultOf(AdminCompanyListResult), ...errorResponses } } },
    async (request) => ({ result: await listCompanies(deps.db, principalOf(request), request.body) }),
  );
  r.post(
    ACCOUNT_API.companiesAdminBlock,
    { schema: { ...schema, body: CompanyIdRequest, response: { 200: resultOf(AdminCompany), ...withConflict } } },
    async (request) => ({ result: await setCompanyBlocked(deps, principalOf(request), request.body.id, true, request.ip) }),
  );
  r.post(
    ACCOUNT_API.companiesAdminUnblock,
    { schema: { ...schema, body: CompanyIdRequest, response: { 200: resultOf(AdminCompany), ...withConflict } } },
    async (request) => ({ result: await setCompanyBlocked(deps, principalOf(request), request.body.id, false, request.ip) }),
  );
  r.post(
    ACCOUNT_API.companiesAdminDelete,
    { schema: { ...schema, body: CompanyIdRequest, response: { 200: resultOf(AdminCompany), ...withConflict } } },
    async (request) => ({ result: await deleteCompany(deps, principalOf(request), request.body.id, request.ip) }),
  );
  r.post(
    ACCOUNT_API.companiesAdminCreate,
    { schema: { ...schema, body: CompanyCreateRequest, response: { 200: resultOf(CompanyCreateResult), ...withConflict } } },
    async (request) => ({
      result: await createCompany({ ...deps, log: request.log }, principalOf(request), request.body, {
        ip: request.ip,
        lang: requestLang(request),
      }),
    }),
  );
  r.post(
    ACCOUNT_API.companiesAdminUsers,
    { schema: { ...schema, body: CompanyIdRequest, response: { 200: resultOf(CompanyUsersResult), ...errorResponses } } },
    async (request) => ({
      result: await listCompanyUsers(deps.db, principalOf(request), request.body.id, requestLang(request)),
    }),
  );
}
