import { LoginRequest, LoginResult, LogoutRequest, RefreshRequest, SessionCheckResult, TokenPair } from '@cab/contract/auth';
import { resultOf } from '@cab/contract/errors';
import { API } from '@cab/contract/paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { EventBus } from '../../../realtime/bus.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import type { AuthService, ClientInfo } from './service.js';

/** Refresh tokens are long random secrets: this only caps request floods. Login is limited by
 * failed password checks in the database instead (PasswordAttempts), shared by every process. */
const REFRESH_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, bus: EventBus): void {
  const r = typed(app);
  r.post(
    API.login,
    {
      schema: { tags: ['auth'], querystring: LangQuery, body: LoginRequest, response: { 200: resultOf(LoginResult), ...errorResponses } },
    },
    async (request) => ({ result: await auth.login(request.body.email, request.body.password, clientInfo(request)) }),
  );

  r.post(
    API.tokenRefresh,
    {
      config: { rateLimit: REFRESH_RATE_LIMIT },
      schema: { tags: ['auth'], querystring: LangQuery, body: RefreshRequest, response: { 200: resultOf(TokenPair), ...errorResponses } },
    },
    async (request) => ({ result: await auth.refresh(request.body.refresh_token, clientInfo(request)) }),
  );

  r.post(
    API.logout,
    {
      config: { allowUnfinishedRegistration: true },
      schema: { tags: ['auth'], querystring: LangQuery, body: LogoutRequest, response: { 200: resultOf(SessionCheckResult), ...errorResponses } },
    },
    async (request) => {
      const principal = principalOf(request);
      await auth.logout(principal.sessionId, {
        companyId: principal.companyId,
        userId: principal.userId,
        impersonatorId: principal.impersonatorId,
        ip: request.ip,
      });
      await bus.revokeSession(principal.sessionId);
      return { result: { ok: true as const } };
    },
  );

  r.post(
    API.sessionCheck,
    {
      config: { allowUnfinishedRegistration: true },
      schema: { tags: ['auth'], querystring: LangQuery, response: { 200: resultOf(SessionCheckResult), ...errorResponses } },
    },
    () => ({ result: { ok: true as const } }),
  );
}
