import { COMPANIES_ADMIN_API } from '@cab/contract/companies-admin';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { endImpersonation, startImpersonation, type ImpersonationDeps } from './service.js';

export function registerImpersonationRoutes(app: FastifyInstance, deps: ImpersonationDeps): void {
  const { handle } = endpointRoutes(app, { tag: 'auth' });
  handle(COMPANIES_ADMIN_API.impersonate, ({ body, request }) =>
    startImpersonation(deps, principalOf(request), body.id, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  );
  handle(
    COMPANIES_ADMIN_API.impersonateEnd,
    async ({ request }) => {
      await endImpersonation(deps, principalOf(request), request.ip);
      return { ok: true as const };
    },
    // The impersonated company may be unregistered or blocked: ending must still work.
    { config: { allowUnfinishedRegistration: true } },
  );
}
