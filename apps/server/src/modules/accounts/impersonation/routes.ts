import { LoginResult, SessionCheckResult } from '@cab/contract/auth';
import { EmptyBody } from '@cab/contract/common';
import { ImpersonateRequest } from '@cab/contract/companies-admin';
import { resultOf } from '@cab/contract/errors';
import { ACCOUNT_API } from '@cab/contract/paths-accounts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { endImpersonation, startImpersonation, type ImpersonationDeps } from './service.js';

export function registerImpersonationRoutes(app: FastifyInstance, deps: ImpersonationDeps): void {
  const r = typed(app);
  const schema = { tags: ['auth'], querystring: LangQuery };
  r.post(
    ACCOUNT_API.usersImpersonate,
    { schema: { ...schema, body: ImpersonateRequest, response: { 200: resultOf(LoginResult), ...errorResponses } } },
    async (request) => ({
      result: await startImpersonation(deps, principalOf(request), request.body.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
    }),
  );
  r.post(
    ACCOUNT_API.usersImpersonateEnd,
    // The impersonated company may be unregistered or blocked: ending must still work.
    { config: { allowUnfinishedRegistration: true }, schema: { ...schema, body: EmptyBody, response: { 200: resultOf(SessionCheckResult), ...errorResponses } } },
    async (request) => {
      await endImpersonation(deps, principalOf(request), request.ip);
      return { result: { ok: true as const } };
    },
  );
}
