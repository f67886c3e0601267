import { ERROR_CODES } from '@cab/contract/errors';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { userByEmail } from '../support/db.js';
import { authServiceOf } from '../support/auth-service.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { changedTables, digestTables } from './db-digest.js';
import { casesFor, type FuzzCase, type RouteSpec } from './fuzz-cases.js';
import type { JsonSchema } from './json-schema.js';

/**
 * Schema-driven fuzzing of every route in the app's own OpenAPI document: each route gets bad input
 * built from its request schema, as root, as a company admin and without a token. Whatever comes
 * in, the answer is never a 5xx, every error has the `{message, code}` shape, and no table changes.
 */

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

// Built while the file is collected: the route list (one test each) comes from the running app.
const t: TestApp = await createTestApp();
const routes = routeSpecs((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
const totals = { requests: 0, cases: 0, started: Date.now() };
let address = 0;

/** A loopback address per request, so the per-IP rate limits of sign-in routes never hide a case. */
function nextAddress(): string {
  address += 1;
  return `127.${(address >> 16) & 255}.${(address >> 8) & 255}.${(address & 255) || 1}`;
}

async function send(route: RouteSpec, fuzz: FuzzCase, token: string | null): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (fuzz.contentType) headers['content-type'] = fuzz.contentType;
  return t.app.inject({
    method: route.method,
    url: `${route.path}?${fuzz.query}`,
    headers,
    remoteAddress: nextAddress(),
    ...(fuzz.payload === undefined ? {} : { payload: fuzz.payload }),
  });
}

/** What is wrong with an answer, or null when it is acceptable. */
function problemOf(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `status ${response.statusCode}: ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return null;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `status ${response.statusCode} without a JSON body: ${response.body.slice(0, 200)}`;
  }
  const { message, code } = (body ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message !== 'string' || message === '') return `status ${response.statusCode} without a message`;
  if (!ERROR_CODES.some((known) => known === code)) return `status ${response.statusCode} with code ${String(code)}`;
  return null;
}

function routeSpecs(document: { paths: Record<string, Record<string, OpenApiOperation>> }): RouteSpec[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase() as RouteSpec['method'],
      path,
      body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      query: (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && p.name !== 'lang')
        .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema })),
    })),
  );
}

const SIGNED_IN = [
  ['root', 'root@demo.local', 'root'],
  ['company admin', 'admin@demo.local', 'admin'],
] as const;

interface Caller {
  name: string;
  token: string | null;
}

/** Sessions opened through the service: /api/login is itself under test and rate-limited. */
async function openSessions(): Promise<Caller[]> {
  const auth = authServiceOf(t);
  const callers: Caller[] = [];
  for (const [name, email, role] of SIGNED_IN) {
    const user = await userByEmail(t.database.db, email);
    const pair = await auth.startSession({ userId: user.id, companyId: user.companyId, role, impersonatorId: null }, { ip: '127.0.0.1', userAgent: 'fuzz' });
    callers.push({ name, token: pair.token });
  }
  return [...callers, { name: 'anonymous', token: null }];
}

afterAll(async () => {
  const seconds = ((Date.now() - totals.started) / 1000).toFixed(1);
  console.info(`fuzz: ${routes.length} routes, ${totals.cases} cases, ${totals.requests} requests, ${seconds} s on ${t.database.kind}`);
  await t.close();
});

describe('every route refuses bad input without a 5xx or a change', () => {
  it('covers every route of the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  // One route's closing digest opens the next; sessions and digest are renewed after a failure, so a
  // case that wrongly signed a caller out or changed a table does not spill over to later routes.
  let state: { callers: Caller[]; digest: Record<string, string> } | null = null;

  it.each(routes)('$method $path', async (route) => {
    const cases = casesFor(route);
    totals.cases += cases.length;
    if (!state) {
      const callers = await openSessions();
      state = { callers, digest: await digestTables(t.database.db) };
    }
    const { callers, digest: before } = state;
    state = null;
    const problems: string[] = [];
    const sendAll = async (batch: FuzzCase[]) => {
      for (const caller of callers) {
        for (const fuzz of batch) {
          const response = await send(route, fuzz, caller.token);
          totals.requests += 1;
          const problem = problemOf(response);
          if (problem) problems.push(`${route.method} ${route.path} as ${caller.name}, ${fuzz.label}: ${problem}`);
        }
      }
    };
    await sendAll(cases.filter((c) => !c.allowed));
    let after = await digestTables(t.database.db);
    const changed = changedTables(before, after);
    // Boundary values the schema allows come last: they may change data, so they are not digested.
    const allowed = cases.filter((c) => c.allowed);
    if (allowed.length > 0) {
      await sendAll(allowed);
      after = await digestTables(t.database.db);
    }
    if (problems.length === 0 && changed.length === 0) state = { callers, digest: after };
    expect({ route: `${route.method} ${route.path}`, problems: problems.slice(0, 20), changed }).toEqual({
      route: `${route.method} ${route.path}`,
      problems: [],
      changed: [],
    });
  });
});
