import { z } from 'zod';
import type { Permission } from './roles.js';

/**
 * Who may call an endpoint:
 * - `public`: anyone, no token (login, refresh, registration start, password recovery);
 * - `signedIn`: any principal, a signed-in user or an API token;
 * - `userSession`: a signed-in user only — an API token is not a sign-in, so it may not act on one
 *   (profile, password, sessions, logout, registration, impersonation);
 * - a permission: principals whose role holds it (roles.ts; API tokens: API_TOKEN_PERMISSIONS).
 */
export type RouteAccess = 'public' | 'signedIn' | 'userSession' | Permission;

/**
 * One API call, declared once: the server registers its route from it (the handler is all a module
 * writes), the access table and the OpenAPI document are derived from it, and the web calls it with
 * `api.call(endpoint, body)`, typed by it.
 */
export interface Endpoint<Body extends z.ZodType = z.ZodType, Result extends z.ZodType = z.ZodType> {
  /** POST, but for the reads the spec fixes as GET (no body). */
  readonly method: 'POST' | 'GET';
  readonly path: string;
  readonly body: Body;
  /** The answer's `result` (the envelope is `{ result }`). */
  readonly result: Result;
  readonly access: RouteAccess;
  /**
   * `read` may be sent again freely; an `action` changes something, so the web sends it with an
   * Idempotency-Key and at most once while it is on its way (a double click).
   */
  readonly kind: 'read' | 'action';
  /** A blocked company's users (root aside) may not call it: it changes the company's things. */
  readonly writable: boolean;
  /**
   * A further permission the call needs beyond `access`, named by its validated body (a SIM
   * operation's reason): the gate asks it once the body is validated, before the handler runs.
   */
  requires?(body: z.output<Body>): Permission | undefined;
}

/** A file answered to a GET (a PDF, a CSV): linked to, not called; its query is validated. */
export interface FileEndpoint<Query extends z.ZodType = z.ZodType> {
  readonly method: 'GET';
  readonly path: string;
  readonly query: Query;
  readonly access: RouteAccess;
}

interface Spec<Body extends z.ZodType, Result extends z.ZodType> {
  body: Body;
  result: Result;
  access: RouteAccess;
}

const noBody = z.undefined().optional();

/** An endpoint that only reads. */
export function read<Body extends z.ZodType, Result extends z.ZodType>(
  path: string,
  spec: Spec<Body, Result>,
): Endpoint<Body, Result> {
  return { method: 'POST', path, ...spec, kind: 'read', writable: false };
}

/** The spec's GET answered with `{ result }` (GET /api/queue/list): a read without a body. */
export function readByGet<Result extends z.ZodType>(
  path: string,
  spec: { result: Result; access: RouteAccess },
): Endpoint<z.ZodOptional<z.ZodUndefined>, Result> {
  return { method: 'GET', path, body: noBody, ...spec, kind: 'read', writable: false };
}

/**
 * An endpoint that changes something. Whether a blocked company may still call it is said every
 * time (`writable: true` refuses it; false is for what such a company must still do: pay, sign out).
 */
export function action<Body extends z.ZodType, Result extends z.ZodType>(
  path: string,
  spec: Spec<Body, Result> & { writable: boolean; requires?(body: z.output<Body>): Permission | undefined },
): Endpoint<Body, Result> {
  return { method: 'POST', path, ...spec, kind: 'action' };
}

/** A file download (GET with a query). */
export function file<Query extends z.ZodType>(path: string, spec: { query: Query; access: RouteAccess }): FileEndpoint<Query> {
  return { method: 'GET', path, ...spec };
}

export type AnyEndpoint = Endpoint | FileEndpoint;
export type BodyOf<E extends Endpoint> = z.input<E['body']>;
export type ResultOf<E extends Endpoint> = z.output<E['result']>;

/** The table's key of a route: its method and the pattern the router matched. */
export function routeKey(method: string, routePattern: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${routePattern}`;
}
