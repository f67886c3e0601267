import { AUTH_API } from '@cab/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import type { EventBus } from '../../../realtime/bus.js';
import type { AuthService, ClientInfo } from './service.js';

/** Refresh tokens are long random secrets: this only caps request floods. Login is limited by
 * failed password checks in the database instead (PasswordAttempts), shared by every process. */
const REFRESH_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, bus: EventBus): void {
  const { handle } = endpointRoutes(app, { tag: 'auth' });
  handle(AUTH_API.login, ({ body, request }) => auth.login(body.email, body.password, clientInfo(request)));
  handle(AUTH_API.tokenRefresh, ({ body, request }) => auth.refresh(body.refresh_token, clientInfo(request)), {
    config: { rateLimit: REFRESH_RATE_LIMIT },
  });
  handle(
    AUTH_API.logout,
    async ({ request }) => {
      const principal = principalOf(request);
      await auth.logout(principal.sessionId, {
        companyId: principal.companyId,
        userId: principal.userId,
        impersonatorId: principal.impersonatorId,
        ip: request.ip,
      });
      await bus.revokeSession(principal.sessionId);
      return { ok: true as const };
    },
    { config: { allowUnfinishedRegistration: true } },
  );
  handle(AUTH_API.sessionCheck, () => Promise.resolve({ ok: true as const }), { config: { allowUnfinishedRegistration: true } });
}
