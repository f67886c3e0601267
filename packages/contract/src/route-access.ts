import { API } from './paths.js';
import { SIM_EXPORT_PATH } from './sim-tools.js';
import { routeKey, type Endpoint, type RouteAccess } from './endpoint.js';
import type { Permission } from './roles.js';
import { ENDPOINTS } from './endpoints.js';

/**
 * The two routes the registry's kinds do not describe, and who may call them: the OpenAPI document
 * and the SIM export (a POST answered with the file). A kind for each would cost more than these lines.
 */
const UNREGISTERED_ACCESS: Readonly<Record<string, RouteAccess>> = {
  [`GET ${API.openapi}`]: 'public',

  // A POST answered with the file itself, not `{ result }`: no registry endpoint fits it (sim-tools.ts).
  [`POST ${SIM_EXPORT_PATH}`]: 'sims.read',
};

export { routeKey, type RouteAccess };

/** How the gate treats a route: who may call it, and whether a blocked company is refused. */
export interface RouteRule {
  access: RouteAccess;
  writable: boolean;
}

/**
 * The one gate of the API: every route, keyed by method and route pattern. The server looks a
 * request up by the route the router matched (never by the URL string) and refuses to start with an
 * /api route missing here; the access matrix test calls every route as every principal.
 */
export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  ...Object.fromEntries(Object.entries(UNREGISTERED_ACCESS).map(([key, access]) => [key, { access, writable: false }])),
  ...Object.fromEntries(
    ENDPOINTS.map((endpoint) => [
      routeKey(endpoint.method, endpoint.path),
      { access: endpoint.access, writable: endpoint.method === 'POST' && endpoint.writable },
    ]),
  ),
};

/** Who may call each route (ROUTE_RULES without the blocked-company flag). */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = Object.fromEntries(
  Object.entries(ROUTE_RULES).map(([key, rule]) => [key, rule.access]),
);

/**
 * The routes whose call needs a further permission named by the validated body (Endpoint.requires),
 * keyed as ROUTE_RULES: the gate asks it after validation, before the handler.
 */
export const ROUTE_BODY_RULES: Readonly<Record<string, (body: unknown) => Permission | undefined>> = Object.fromEntries(
  ENDPOINTS.filter((endpoint): endpoint is Endpoint => endpoint.method === 'POST' && 'requires' in endpoint && endpoint.requires !== undefined).map(
    (endpoint) => [routeKey(endpoint.method, endpoint.path), (body: unknown) => endpoint.requires?.(body)],
  ),
);
