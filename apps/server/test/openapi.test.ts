import { ERROR_CODES } from '@cab/contract/errors';
import { AUTH_API } from '@cab/contract/auth';
import { API } from '@cab/contract/paths';
import { ROUTE_ACCESS, routeKey } from '@cab/contract/route-access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.js';
import { createTestApp, get, type TestApp } from './support/test-app.js';

/** The OpenAPI document states how to call: the auth scheme, limits, Idempotency-Key and every error. */
interface Ref {
  $ref?: string;
}
interface Response {
  description?: string;
  headers?: Record<string, Ref>;
  content?: { 'application/json'?: { schema?: { allOf?: [Ref, { properties: { code: { enum: string[] } } }] } & Ref } };
}
interface Operation {
  security?: unknown[];
  parameters?: (Ref & { in?: string; name?: string })[];
  responses: Record<string, Response>;
}
interface OpenApiDocument {
  info: { description: string };
  security: unknown;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; scheme: string; description: string }>;
    schemas: { ErrorBody: { properties: { code: { enum: string[] } }; required: string[] } };
    headers: Record<string, { schema: unknown }>;
    parameters: Record<string, { in: string; name: string; required: boolean }>;
  };
}

let t: TestApp;
let doc: OpenApiDocument;
let operations: { path: string; method: string; op: Operation; isPublic: boolean }[];
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  doc = (await get(t.app, API.openapi)).json<OpenApiDocument>();
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op, isPublic: ROUTE_ACCESS[routeKey(method.toUpperCase(), path)] === 'public' })),
  );
});
afterAll(async () => t.close());

const LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

describe('the OpenAPI document', () => {
  it('declares the bearer scheme (a session JWT or a cab_… token) and needs it everywhere but the public routes', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.bearer?.description).toMatch(/JWT.*cab_…/);
    expect(doc.security).toEqual([{ bearer: [] }]);
    const publicOps = operations.filter((o) => o.isPublic);
    expect(publicOps.map((o) => o.path)).toEqual(expect.arrayContaining([AUTH_API.login.path, AUTH_API.tokenRefresh.path]) as unknown);
    for (const { path, op, isPublic } of operations) expect({ path, security: op.security }).toEqual(isPublic ? { path, security: [] } : { path, security: undefined });
  });

  it('documents the error body with every code of the contract, and each code under the status it is answered with', () => {
    expect(doc.components.schemas.ErrorBody.properties.code.enum).toEqual([...ERROR_CODES]);
    expect(doc.components.schemas.ErrorBody.required).toEqual(['message', 'code']);
    const documented = new Map<string, number>();
    for (const { op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const schema = response.content?.['application/json']?.schema;
        expect(schema?.allOf?.[0] ?? schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
        for (const code of schema?.allOf?.[1].properties.code.enum ?? []) documented.set(code, Number(status));
      }
    }
    // What the server really answers each code with (AppError's status), for every code of the contract.
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(ERROR_CODES.map((code) => [code, new AppError(code).status])));
    expect(doc.info.description).toContain('| `rate_limited` | 429 |');
  });

  it('gives every signed-in route 401, 403 and 429 (rate_limited, with Retry-After), and every route 400 and 503', () => {
    for (const { path, op, isPublic } of operations) {
      const statuses = Object.keys(op.responses);
      expect({ path, has: statuses }).toEqual({ path, has: expect.arrayContaining(isPublic ? ['400', '503'] : ['400', '401', '403', '429', '503']) as unknown });
      if (isPublic) continue;
      expect(op.responses['429']?.description).toContain('`rate_limited`');
      expect(op.responses['429']?.headers?.['Retry-After']).toEqual({ $ref: '#/components/headers/Retry-After' });
    }
  });

  it('states the RateLimit headers on every answer of a signed-in route, and on none of a public one', () => {
    for (const name of LIMIT_HEADERS) expect(doc.components.headers[name]?.schema).toMatchObject({ type: 'integer' });
    for (const { path, op, isPublic } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const names = Object.keys(response.headers ?? {}).filter((h) => h.startsWith('RateLimit-'));
        expect({ path, status, names }).toEqual({ path, status, names: isPublic ? [] : LIMIT_HEADERS });
      }
    }
  });

  it('offers the optional Idempotency-Key header on every signed-in POST', () => {
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ in: 'header', name: 'Idempotency-Key', required: false });
    const posts = operations.filter((o) => o.method === 'post' && !o.isPublic);
    expect(posts.length).toBeGreaterThan(50);
    for (const { path, op } of posts) {
      expect({ path, refs: op.parameters?.map((p) => p.$ref) }).toEqual({ path, refs: expect.arrayContaining(['#/components/parameters/IdempotencyKey']) as unknown });
      expect(op.responses['409']?.description).toContain('`idempotency_key_in_use`');
      expect(op.responses['422']?.description).toContain('`idempotency_key_reused`');
    }
  });
});
