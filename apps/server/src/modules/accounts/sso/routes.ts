import { SSO_API } from '@cab/contract/sso';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import { requestLang } from '../../../http/errors.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import type { SsoService } from './service.js';

/** Each start writes a waiting sign-in and calls the provider: a per-address cap on floods of them. */
const SIGN_IN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

const clientInfo = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

export function registerSsoRoutes(app: FastifyInstance, sso: SsoService): void {
  const { handle } = endpointRoutes(app, { tag: 'company' });
  const signIn = endpointRoutes(app, { tag: 'auth' });
  handle(SSO_API.get, ({ request }) => sso.settings(principalOf(request)));
  handle(SSO_API.save, ({ body, request }) => sso.save(principalOf(request), body, request.ip));
  handle(SSO_API.remove, ({ request }) => sso.remove(principalOf(request), request.ip));
  signIn.handle(SSO_API.loginStart, ({ body }) => sso.start(body.email), { config: { rateLimit: SIGN_IN_RATE_LIMIT } });
  signIn.handle(
    SSO_API.loginFinish,
    ({ body, request }) => sso.finish(body, clientInfo(request), requestLang(request)),
    {
      config: { rateLimit: SIGN_IN_RATE_LIMIT },
    },
  );
}
