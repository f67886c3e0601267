import { COMPANY_USERS_API } from '@cab/contract/company-users';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../../auth/authenticate.js';
import { requestLang } from '../../../../http/errors.js';
import { endpointRoutes } from '../../../../http/endpoint-routes.js';
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
  const { handle } = endpointRoutes(app, { tag: 'company', errors: [409, 422] });
  handle(COMPANY_USERS_API.list, ({ body, request }) =>
    listUsers(deps.db, principalOf(request), body.company_id, requestLang(request)),
  );
  handle(COMPANY_USERS_API.create, ({ body, request }) =>
    createUser({ ...deps, log: request.log }, principalOf(request), body, requestLang(request)),
  );
  handle(COMPANY_USERS_API.update, ({ body, request }) =>
    updateUser({ ...deps, log: request.log }, principalOf(request), body, requestLang(request)),
  );
  handle(COMPANY_USERS_API.block, async ({ body, request }) => {
    await removeUser({ ...deps, log: request.log }, principalOf(request), body.id, 'block');
    return OK;
  });
  handle(COMPANY_USERS_API.unblock, async ({ body, request }) => {
    await unblockUser({ ...deps, log: request.log }, principalOf(request), body.id);
    return OK;
  });
  handle(COMPANY_USERS_API.delete, async ({ body, request }) => {
    await removeUser({ ...deps, log: request.log }, principalOf(request), body.id, 'delete');
    return OK;
  });
  handle(COMPANY_USERS_API.sendPassword, ({ body, request }) =>
    sendNewPassword({ ...deps, log: request.log }, principalOf(request), body.id),
  );
}
