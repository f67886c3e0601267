import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * A tiny build with .br and .gz beside each file (as apps/web/scripts/precompress.mjs writes them):
 * each client gets the encoding it accepts, labelled so, and caches are told the answer varies.
 */
let t: TestApp;
let dist: string;
const script = `export const app = "${'cabinet '.repeat(400)}";\n`;
const html = `<!doctype html><html><head><title>SIM Cabinet</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

function writeWithCompressed(file: string, body: string): void {
  writeFileSync(file, body);
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'cab-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeWithCompressed(path.join(dist, 'index.html'), html);
  writeWithCompressed(path.join(dist, 'assets', 'index-3f2a9c.js'), script);
  // A file the build did not compress is still served, plainly.
  writeFileSync(path.join(dist, 'assets', 'plain-81bd.css'), 'body{margin:0}');
  t = await createTestApp({ seed: false, webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('precompressed SPA files', () => {
  it('sends brotli to a client that accepts it, gzip to one that accepts only gzip, plain otherwise', async () => {
    const br = await get('/assets/index-3f2a9c.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-3f2a9c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-3f2a9c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The plain answer varies on the header too, or a shared cache could hand it to everyone.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('the SPA page of any route is sent compressed, never cached long', async () => {
    const res = await get('/list', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it('a file without compressed copies is still served (compressed on the way when accepted)', async () => {
    const res = await get('/assets/plain-81bd.css', 'gzip');
    expect(res.statusCode).toBe(200);
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
    expect(body).toBe('body{margin:0}');
    expect((await get('/assets/plain-81bd.css')).body).toBe('body{margin:0}');
  });
});

describe('compressed API answers', () => {
  it('compresses a large answer for a client that accepts it; small ones go plain', async () => {
    const large = await get('/api/openapi.json', 'br');
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toHaveProperty('openapi');

    const gz = await get('/api/openapi.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveProperty('openapi');

    expect((await get('/api/openapi.json')).headers['content-encoding']).toBeUndefined();
    const small = await get('/api/nothing', 'br');
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 'not_found' });
  });
});
