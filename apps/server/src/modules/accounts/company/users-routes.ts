import { SessionCheckResult } from '@cab/contract/auth';
import {
  CompanyUser,
  CompanyUserCreateRequest,
  CompanyUserCreateResult,
  CompanyUserIdRequest,
  CompanyUsersListRequest,
  CompanyUsersListResult,
  CompanyUserUpdateRequest,
  MailSentResult,
} from '@cab/contract/company-users';
import { ErrorBody, resultOf } from '@cab/contract/errors';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { requestLang } from '../../../http/errors.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import {
  createUser,
  listUsers,
  removeUser,
  sendNewPassword,
  unblockUser,
  updateUser,
  type UsersDeps,
} from './users-service.js';

const OK = { ok: true as const };

export function registerCompanyUserRoutes(app: FastifyInstance, deps: Omit<UsersDeps, 'log'>): void {
  const r = typed(app);
  const schema = { tags: ['company'], querystring: LangQuery };
  const errors = { ...errorResponses, 409: ErrorBody, 422: ErrorBody };
  const ok = { 200: resultOf(SessionCheckResult), ...errors };
  r.post(
    ACCOUNT_API.companyUsersList,
    {
      schema: {
        ...schema,
        body: CompanyUsersListRequest,
        response: { 200: resultOf(CompanyUsersListResult), ...errors },
      },
    },
    async (request) => ({
      result: await listUsers(deps.db, principalOf(request), request.body.company_id, requestLang(request)),
    }),
  );
  r.post(
    ACCOUNT_API.companyUsersCreate,
    {
      schema: {
        ...schema,
        body: CompanyUserCreateRequest,
        response: { 200: resultOf(CompanyUserCreateResult), ...errors },
      },
    },
    async (request) => ({
      result: await createUser({ ...deps, log: request.log }, principalOf(request), request.body, requestLang(request)),
    }),
  );
  r.post(
    ACCOUNT_API.companyUsersUpdate,
    { schema: { ...schema, body: CompanyUserUpdateRequest, response: { 200: resultOf(CompanyUser), ...errors } } },
    async (request) => ({
      result: await updateUser({ ...deps, log: request.log }, principalOf(request), request.body, requestLang(request)),
    }),
  );
  r.post(
    ACCOUNT_API.companyUsersBlock,
    { schema: { ...schema, body: CompanyUserIdRequest, response: ok } },
    async (request) => {
      await removeUser({ ...deps, log: request.log }, principalOf(request), request.body.id, 'block');
      return { result: OK };
    },
  );
  r.post(
    ACCOUNT_API.companyUsersUnblock,
    { schema: { ...schema, body: CompanyUserIdRequest, response: ok } },
    async (request) => {
      await unblockUser({ ...deps, log: request.log }, principalOf(request), request.body.id);
      return { result: OK };
    },
  );
  r.post(
    ACCOUNT_API.companyUsersDelete,
    { schema: { ...schema, body: CompanyUserIdRequest, response: ok } },
    async (request) => {
      await removeUser({ ...deps, log: request.log }, principalOf(request), request.body.id, 'delete');
      return { result: OK };
    },
  );
  r.post(
    ACCOUNT_API.companyUsersSendPassword,
    { schema: { ...schema, body: CompanyUserIdRequest, response: { 200: resultOf(MailSentResult), ...errors } } },
    async (request) => ({
      result: await sendNewPassword({ ...deps, log: request.log }, principalOf(request), request.body.id),
    }),
  );
}
