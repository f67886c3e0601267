import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Callers } from '../access/callers.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The router decodes a path before it matches a route; a check taken from the URL string does not.
 * Every route of the OpenAPI document is called through disguised spellings of its path, as every
 * kind of principal, and no spelling may get further than the plain path does.
 */

let t: TestApp;
const principals: Record<string, string | undefined> = { none: undefined };

/** Percent-encodes one character the way an attacker would: `%70` for `p`, also in lower-case hex. */
function encodeAt(path: string, index: number, lowerHex = false): string {
  const hex = path.charCodeAt(index).toString(16).padStart(2, '0');
  return `${path.slice(0, index)}%${lowerHex ? hex : hex.toUpperCase()}${path.slice(index + 1)}`;
}

/**
 * Spellings of one path: the first and last letter of each segment encoded (upper- and lower-case hex),
 * encoded and doubled slashes, a trailing slash, case, a NUL, dot segments. A check taken from the raw
 * URL misses a segment whichever of its letters is encoded, so the ends of each segment stand for the
 * rest (every letter of every route was 3.5 times the calls for no other kind of bypass).
 */
function disguisesOf(path: string): string[] {
  const variants = new Set<string>();
  const segmentEnds = new Set<number>();
  for (const match of path.matchAll(/[^/]+/g)) {
    segmentEnds.add(match.index);
    segmentEnds.add(match.index + match[0].length - 1);
  }
  for (let i = 1; i < path.length; i++) {
    const char = path[i] ?? '';
    if (segmentEnds.has(i) && /[a-z_.]/i.test(char)) {
      variants.add(encodeAt(path, i));
      if (/[a-f]/.test(char)) variants.add(encodeAt(path, i, true));
    }
    if (char === '/') {
      variants.add(encodeAt(path, i));
      variants.add(`${path.slice(0, i)}/${path.slice(i)}`);
    }
  }
  variants.add(`${path}/`);
  variants.add(`/${path}`);
  variants.add(path.toUpperCase());
  variants.add(path.replace('/api/', '/API/'));
  variants.add(`${path}%00`);
  variants.add(path.replace('/api/', '/api/./'));
  variants.add(path.replace('/api/', '/api/x/../'));
  return [...variants];
}

let callCount = 0;

async function call(method: string, url: string, token: string | undefined): Promise<LightMyRequestResponse> {
  callCount++;
  return t.app.inject({
    method: method as 'GET' | 'POST',
    url: `${url}?lang=en`,
    // A client address of its own per call, so the public routes' rate limits do not answer instead.
    remoteAddress: `10.${(callCount >> 16) & 255}.${(callCount >> 8) & 255}.${callCount & 255}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    // An unknown field fails validation, which runs after authorization: a call that gets through
    // the gate answers 400 and changes nothing.
    ...(method === 'POST' ? { payload: { disguise_probe: true } } : {}),
  });
}

beforeAll(async () => {
  // Thousands of calls as an API token: its rate limit is not what this test is about.
  t = await createTestApp({ env: { API_TOKEN_RATE_LIMIT: '1000000' } });
  const callers = new Callers(t);
  await callers.load();
  principals.apiToken = await callers.session('token');
  principals.viewer = await callers.session('viewer');
  principals.expired = await callers.expired();
}, 60_000);
afterAll(async () => t.close());

describe('authorization follows the matched route, whatever the spelling of its path', () => {
  it('the reported bypasses are closed', async () => {
    const token = principals.apiToken;
    for (const path of ['/api/%70rofile/get', '/api/%70rofile/password', '/api/%70rofile/sessions', '/api/%70rofile/update', '/api/logou%74']) {
      const response = await call('POST', path, token);
      expect(response.statusCode, path).toBe(403);
      expect(response.json(), path).toMatchObject({ code: 'forbidden' });
    }
    const check = await call('POST', '/%61pi/session/check', undefined);
    expect(check.statusCode).toBe(401);
    expect(check.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('no disguise of any route gets an answer the plain path refuses', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path })));
    expect(routes.length).toBeGreaterThan(80);
    let calls = 0;
    for (const { method, path } of routes) {
      for (const [who, token] of Object.entries(principals)) {
        const plain = (await call(method, path, token)).statusCode;
        for (const disguise of disguisesOf(path)) {
          const response = await call(method, disguise, token);
          calls++;
          // Either the router sees the same route (same answer) or no route at all (404).
          expect([plain, 404], `${who} ${method} ${disguise} (plain path: ${plain})`).toContain(response.statusCode);
        }
      }
    }
    expect(calls).toBeGreaterThan(5_000);
  }, 300_000);
});
