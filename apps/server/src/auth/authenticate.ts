import { LANGS } from '@cab/contract/constants';
import { API } from '@cab/contract/paths';
import { ROLES, type Permission } from '@cab/contract/roles';
import { ENDPOINTS } from '@cab/contract/endpoints';
import { ROUTE_BODY_RULES, ROUTE_RULES, routeKey, type RouteAccess } from '@cab/contract/route-access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { findSessionPrincipal, type SessionPrincipalRow } from './session-repository.js';
import { insertApiCallAudit } from './api-call-audit-repository.js';
import { isApiTokenValue, resolveApiTokenPrincipal } from './api-token.js';
import { limitApiTokenCall, refusedByTokenLimit } from './api-token-limit.js';
import { hasPermission, requirePermission, requireWritable, type Principal } from './principal.js';
import { requestCachesOf } from './request-caches.js';
import type { AccessTokens } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** Set when a cached principal was taken before the listener caught up (confirmPrincipalAfterReads). */
    principalStillCurrent: (() => boolean) | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route: set from ROUTE_RULES when the route is registered. */
    access?: RouteAccess;
    /** A blocked company may not call it (set from ROUTE_RULES). */
    writable?: boolean;
    /** The further permission its validated body asks for (set from ROUTE_BODY_RULES). */
    requires?: (body: unknown) => Permission | undefined;
    /** Callable while the company's registration is unfinished (otherwise 424). */
    allowUnfinishedRegistration?: boolean;
    /**
     * The handler always reads the database before answering, and changes nothing: a cached
     * session principal is used at once and confirmed before the answer is written.
     */
    confirmPrincipalAfterReads?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

/** Resolves an access token to a principal, or throws the 401/424 the client must see. */
export async function resolvePrincipal(db: Db, tokens: AccessTokens, token: string): Promise<Principal> {
  return (await resolveSessionPrincipal(db, tokens, token, false)).principal;
}

/**
 * The session's principal; with `confirmLater`, a cached one is taken without waiting for the
 * listener's catch-up, and `stillCurrent` must be asked after the route's own reads
 * (RequestCaches.principalConfirmedLater).
 */
async function resolveSessionPrincipal(
  db: Db,
  tokens: AccessTokens,
  token: string,
  confirmLater: boolean,
): Promise<{ principal: Principal; stillCurrent: () => boolean }> {
  const verified = await tokens.verify(token);
  if (!verified.ok) throw new AppError(verified.expired ? 'token_expired' : 'unauthorized');
  const { claims } = verified;
  const userId = Number(claims.sub);
  const load = () => findSessionPrincipal(db, userId, claims.sid);
  const caches = requestCachesOf(db);
  const key = `session:${userId}:${claims.sid}`;
  const policy = {
    keep: (r: SessionPrincipalRow) =>
      r.active && r.sessionUntil !== null ? { tags: [`u:${r.userId}`, `c:${r.companyId}`, `s:${claims.sid}`], until: r.sessionUntil } : null,
  };
  let row: SessionPrincipalRow | undefined;
  let stillCurrent = () => true;
  if (!caches) row = await load();
  else if (confirmLater) ({ value: row, stillCurrent } = await caches.principalConfirmedLater(key, load, policy));
  else row = await caches.principal(key, load, policy);
  if (!row?.active || !row.sessionAlive) throw new AppError('unauthorized');
  const role = ROLES.find((r) => r === row.role);
  if (!role) throw new AppError('unauthorized');
  const principal: Principal = {
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
  return { principal, stillCurrent };
}

/** Every call made with an API token leaves one audit row: what was called and how it ended. */
function registerApiTokenAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onResponse', async (request, reply) => {
    const principal = request.principal;
    if (!principal?.apiTokenId || refusedByTokenLimit(request)) return;
    try {
      await insertApiCallAudit(db, {
        companyId: principal.companyId,
        userId: principal.userId,
        apiTokenId: principal.apiTokenId,
        details: { method: request.method, path: request.url.split('?')[0], status: reply.statusCode },
        ip: request.ip,
      });
    } catch (error) {
      // The answer is already sent; a lost audit row must not crash the process.
      request.log.error({ err: error }, 'api token audit failed');
    }
  });
}

/**
 * Gives every route its access rule from the one table (contract route-access.ts) as it is
 * registered, and refuses to build an app with an /api route the table does not name (fail closed).
 */
function assignRouteAccess(app: FastifyInstance, serveEveryEndpoint: boolean): void {
  const registered = new Set<string>();
  app.addHook('onRoute', (route) => {
    const pattern = route.url ?? route.path;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registered.add(routeKey(method, pattern));
    const rules = new Set(methods.map((method) => ROUTE_RULES[routeKey(method, pattern)]));
    const [rule] = rules;
    if (rules.size === 1 && rule) {
      const [requires] = methods.map((method) => ROUTE_BODY_RULES[routeKey(method, pattern)]);
      route.config = { ...route.config, access: rule.access, writable: rule.writable, ...(requires ? { requires } : {}) };
      return;
    }
    // The SPA, its assets, the websocket (authenticated by its first message) and the API's own
    // documentation are open; anything else under /api must be in the table.
    if (!pattern.startsWith('/api/') || pattern.startsWith(`${API.docs}`)) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    throw new Error(`${methods.join(',')} ${pattern} has no entry in ROUTE_RULES (packages/contract/src/endpoints.ts)`);
  });
  // The other way round: an endpoint the contract declares that no module serves is a mistake too.
  if (!serveEveryEndpoint) return;
  app.addHook('onReady', (done) => {
    const missing = ENDPOINTS.map((endpoint) => routeKey(endpoint.method, endpoint.path)).filter((key) => !registered.has(key));
    done(missing.length > 0 ? new Error(`declared in the contract but not served: ${missing.join(', ')}`) : undefined);
  });
}

function requireAccess(principal: Principal, access: RouteAccess): void {
  if (access === 'signedIn') return;
  if (access === 'userSession') {
    if (principal.kind !== 'user') throw new AppError('forbidden');
    return;
  }
  if (access !== 'public') requirePermission(principal, access);
}

/**
 * Authorization is decided from the route the router matched — its pattern and the access rule the
 * table gave it — never from the URL string, which an encoded path (`/api/%70rofile`) disguises.
 * A request no route matched has no rule and goes on to the 404 answer.
 */
export function registerAuthentication(
  app: FastifyInstance,
  db: Db,
  tokens: AccessTokens,
  limits: { apiTokenCallsPerMinute: number; /** Off for a test's app that serves a few routes. */ serveEveryEndpoint?: boolean },
): void {
  app.decorateRequest('principal', null);
  assignRouteAccess(app, limits.serveEveryEndpoint ?? true);
  registerApiTokenAudit(app, db);
  app.decorateRequest('principalStillCurrent', null);
  app.addHook('onRequest', async (request, reply) => {
    // No route matched: the 404 answer says nothing either way.
    if (request.routeOptions.url === undefined) return;
    const access = routeAccess(request);
    if (access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized');
    if (isApiTokenValue(token)) {
      // Set before the checks below, so refused calls are audited too.
      request.principal = await resolveApiTokenPrincipal(db, token, request.ip.slice(0, 100));
      await limitApiTokenCall(db, request, reply, request.principal, limits.apiTokenCallsPerMinute);
    } else if (request.routeOptions.config.confirmPrincipalAfterReads) {
      const resolved = await resolveSessionPrincipal(db, tokens, token, true);
      request.principal = resolved.principal;
      request.principalStillCurrent = resolved.stillCurrent;
    } else {
      request.principal = await resolvePrincipal(db, tokens, token);
    }
    admit(request, request.principal, access);
  });
  // What the body asks for (a SIM operation's own permission) is known once it is validated: checked
  // here, before the handler and before an Idempotency-Key is claimed (registered after this).
  app.addHook('preHandler', (request, _reply, done) => {
    const { principal } = request;
    const permission = principal ? request.routeOptions.config.requires?.(request.body) : undefined;
    done(principal && permission && !hasPermission(principal, permission) ? new AppError('forbidden') : undefined);
  });
  // The reads are done: had the session, user or company changed before the request came, their
  // invalidations have now arrived. The answer goes out only if the principal is still the same.
  // On send, so that no kind of answer passes unconfirmed (preSerialization skips strings, buffers
  // and streams); an error thrown here is answered as any handler error. An error answer carries no
  // data of the principal's, and must not fail again here (a database outage would turn its 503
  // into Fastify's raw fallback).
  app.addHook('onSend', async (request, reply, payload) => {
    const stillCurrent = request.principalStillCurrent;
    request.principalStillCurrent = null;
    if (!stillCurrent || reply.statusCode >= 400 || stillCurrent()) return payload;
    const used = principalOf(request);
    const fresh = await resolvePrincipal(db, tokens, bearerToken(request) ?? '');
    // The answer was worked out for another role or company: the client signs in again.
    if (fresh.role !== used.role || fresh.companyId !== used.companyId) throw new AppError('unauthorized');
    request.principal = fresh;
    admit(request, fresh, routeAccess(request));
    return payload;
  });
}

/** The access rule of the matched route; a route the table gave none is refused (assignRouteAccess). */
function routeAccess(request: FastifyRequest): RouteAccess {
  const access = request.routeOptions.config.access;
  if (access === undefined) throw new AppError('forbidden');
  return access;
}

/** Whether the principal may call the request's route: its registration and the route's rule. */
function admit(request: FastifyRequest, principal: Principal, access: RouteAccess): void {
  if (!principal.registrationComplete && !request.routeOptions.config.allowUnfinishedRegistration) {
    throw new AppError('registration_unfinished');
  }
  requireAccess(principal, access);
  if (request.routeOptions.config.writable) requireWritable(principal);
}

/** The principal of a route that is not public; the hook guarantees it is set. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('unauthorized');
  return request.principal;
}
