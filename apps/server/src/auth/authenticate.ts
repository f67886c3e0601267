import { LANGS } from '@cab/contract/constants';
import { ROLES } from '@cab/contract/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { insertAudit } from '../modules/audit/repository.js';
import { findSessionPrincipal } from '../modules/auth/repository.js';
import { isApiTokenValue, resolveApiTokenPrincipal } from './api-token.js';
import type { Principal } from './principal.js';
import type { AccessTokens } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Callable without a token (login, refresh, registration, password recovery). */
    public?: boolean;
    /** Callable while the company's registration is unfinished (otherwise 424). */
    allowUnfinishedRegistration?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

/** Resolves an access token to a principal, or throws the 401/424 the client must see. */
export async function resolvePrincipal(db: Db, tokens: AccessTokens, token: string): Promise<Principal> {
  const verified = await tokens.verify(token);
  if (!verified.ok) throw new AppError(verified.expired ? 'token_expired' : 'unauthorized');
  const { claims } = verified;
  const row = await findSessionPrincipal(db, Number(claims.sub), claims.sid);
  if (!row?.active || !row.sessionAlive) throw new AppError('unauthorized');
  const role = ROLES.find((r) => r === row.role);
  if (!role) throw new AppError('unauthorized');
  return {
    kind: 'user',
    apiTokenId: null,
    userId: row.userId,
    companyId: row.companyId,
    role,
    sessionId: claims.sid,
    impersonatorId: claims.imp ?? null,
    companyBlocked: row.companyBlocked,
    lang: LANGS.find((l) => l === row.lang) ?? 'ru',
    registrationComplete: row.registrationComplete,
  };
}

function isOpenPath(url: string): boolean {
  return !url.startsWith('/api/') || url.startsWith('/api/docs') || url.startsWith('/api/openapi.json');
}

/**
 * Calls about a user's own sign-in (profile, password, sessions, logout): an API token is not a
 * sign-in, so it may not make them.
 */
const USER_SESSION_PATHS = ['/api/profile/', '/api/logout'];

function isUserSessionPath(url: string): boolean {
  return USER_SESSION_PATHS.some((prefix) => url.startsWith(prefix));
}

/** Every call made with an API token leaves one audit row: what was called and how it ended. */
function registerApiTokenAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onResponse', async (request, reply) => {
    const principal = request.principal;
    if (!principal?.apiTokenId) return;
    try {
      await insertAudit(db, {
        companyId: principal.companyId,
        userId: principal.userId,
        apiTokenId: principal.apiTokenId,
        action: 'api_call',
        details: { method: request.method, path: request.url.split('?')[0], status: reply.statusCode },
        ip: request.ip,
      });
    } catch (error) {
      // The answer is already sent; a lost audit row must not crash the process.
      request.log.error({ err: error }, 'api token audit failed');
    }
  });
}

/** Every /api call needs a valid token unless its route says `public` (spec §6). */
export function registerAuthentication(app: FastifyInstance, db: Db, tokens: AccessTokens): void {
  app.decorateRequest('principal', null);
  registerApiTokenAudit(app, db);
  app.addHook('onRequest', async (request) => {
    if (isOpenPath(request.url) || request.routeOptions.config.public) return;
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized');
    let principal: Principal;
    if (isApiTokenValue(token)) {
      principal = await resolveApiTokenPrincipal(db, token);
      // Set before the checks below, so refused calls are audited too.
      request.principal = principal;
      if (isUserSessionPath(request.url)) throw new AppError('forbidden');
    } else {
      principal = await resolvePrincipal(db, tokens, token);
    }
    if (!principal.registrationComplete && !request.routeOptions.config.allowUnfinishedRegistration) {
      throw new AppError('registration_unfinished');
    }
    request.principal = principal;
  });
}

/** The principal of a route that is not public; the hook guarantees it is set. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthorized');
  return request.principal;
}
