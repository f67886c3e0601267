import { LANGS } from '@cab/contract/constants';
import { ROLES } from '@cab/contract/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { findSessionPrincipal } from '../modules/auth/repository.js';
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

/** Every /api call needs a valid token unless its route says `public` (spec §6). */
export function registerAuthentication(app: FastifyInstance, db: Db, tokens: AccessTokens): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (isOpenPath(request.url) || request.routeOptions.config.public) return;
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized');
    const principal = await resolvePrincipal(db, tokens, token);
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
