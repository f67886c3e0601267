import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorBody } from '@cab/contract/errors';
import { AUTH_API } from '@cab/contract/auth';
import { ENDPOINTS } from '@cab/contract/endpoints';
import { ME_API } from '@cab/contract/me';
import { API } from '@cab/contract/paths';
import { QUEUE_API } from '@cab/contract/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, login, type TestApp } from './support/test-app.js';

const StrictError = ErrorBody.strict();

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  security?: unknown;
  components?: { securitySchemes?: unknown };
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, 'viewer@demo.local')).token;
});
afterAll(async () => t.close());

describe('API documentation', () => {
  it('GET /api/openapi.json lists every API path and declares bearer security', async () => {
    const res = await get(t.app, API.openapi);
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDocument>();
    const expected = ENDPOINTS.map((endpoint) => endpoint.path);
    expect(Object.keys(doc.paths).sort()).toEqual(expect.arrayContaining(expected) as unknown);
    expect(doc.paths[QUEUE_API.list.path]).toHaveProperty('get');
    expect(doc.paths[ME_API.get.path]).toHaveProperty('post');
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.components?.securitySchemes).toMatchObject({ bearer: { type: 'http', scheme: 'bearer' } });
  });

  it('GET /api/docs/ serves the interactive docs as HTML without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API.docs}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger');
  });
});

describe('errors and headers', () => {
  it('answers an unknown /api path with a localized 404 not_found', async () => {
    const en = await get(t.app, '/api/xyz', { token, lang: 'en' });
    expect(en.statusCode).toBe(404);
    expect(StrictError.parse(en.json())).toEqual({ message: 'Not found', code: 'not_found' });
    const ru = await get(t.app, '/api/xyz', { token, lang: 'ru' });
    expect(ru.json()).toEqual({ message: 'Не найдено', code: 'not_found' });
  });

  it('sends helmet security headers', async () => {
    const res = await get(t.app, API.openapi);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('sends them with refusals and unknown paths too', async () => {
    for (const res of [await get(t.app, ME_API.get.path), await get(t.app, '/api/xyz', { token })]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it.each([
    ['en', 'Wrong input data'],
    ['ru', 'Неверные входные данные'],
  ] as const)('answers malformed JSON with a localized 400 bad_request (%s)', async (lang, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH_API.login.path}?lang=${lang}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "admin@demo.local", ',
    });
    expect(res.statusCode).toBe(400);
    expect(StrictError.parse(res.json())).toEqual({ message, code: 'bad_request' });
  });

  it('answers a 2 MB body with 413 and a JSON error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH_API.login.path}?lang=en`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'admin@demo.local', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(StrictError.parse(res.json())).toEqual({ message: 'The request is too large (1 MB at most)', code: 'payload_too_large' });
  });
});

describe('the web client (SPA) fallback', () => {
  let spa: TestApp;
  let dir: string;
  const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
  const SCRIPT = 'console.log("app");';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cab-web-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, 'assets', 'app.js'), SCRIPT);
    spa = await createTestApp({ webDist: dir });
  });
  afterAll(async () => {
    await spa.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a client route with index.html, not cached', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/some/client/route' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('serves hashed assets as immutable', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(SCRIPT);
  });

  it('keeps 404 JSON for unknown API paths and missing files', async () => {
    const { token: spaToken } = await login(spa.app, 'viewer@demo.local');
    const api = await get(spa.app, '/api/nothing', { token: spaToken });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found', code: 'not_found' });
    // Without a token too: no route, nothing to authorize — the same JSON 404, never the SPA page.
    const anonymous = await get(spa.app, '/api/nothing');
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ message: 'Not found', code: 'not_found' });
    const file = await spa.app.inject({ method: 'GET', url: '/missing.js?lang=en' });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });
});
