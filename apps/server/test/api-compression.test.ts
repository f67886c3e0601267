import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SIMS_API } from '@cab/contract/sims';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/*
 * API answers of 1 KB or more go out compressed for a client that accepts it (http/compression.ts):
 * a SIM list page is ~10 KB of JSON. Smaller answers, and clients that accept neither brotli nor
 * gzip, get them as they are.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, 'admin@demo.local')).token;
});
afterAll(async () => t.close());

const listPage = (acceptEncoding?: string, size = 25) =>
  post(t.app, SIMS_API.list.path, { page: 0, size }, { token, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressed API answers', () => {
  it('a SIM list page: brotli when accepted, else gzip, else plain; the same JSON each way', async () => {
    const plain = await listPage();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const json = plain.json<{ result: { items: unknown[] } }>();
    expect(json.result.items).toHaveLength(25);

    const br = await listPage('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);

    const gz = await listPage('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(json);

    const identity = await listPage('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(json);
  });

  it('an answer under 1 KB goes out as it is', async () => {
    const res = await listPage('br, gzip', 1);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
