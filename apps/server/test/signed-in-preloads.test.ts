import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  preloadLinks,
  SIGNED_IN_MODULES,
  wantsSignedInPage,
  type BuildManifest,
} from '../src/http/signed-in-preloads.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const page = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">
  </head><body><div id="root"></div></body></html>`;

/** The shape of Vite's manifest: the entry, the shell with shared chunks, a page. */
const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_runtime-r1.js'],
    css: ['assets/index-c1.css'],
  },
  '_runtime-r1.js': { file: 'assets/runtime-r1.js' },
  '_prime-p1.js': { file: 'assets/prime-p1.js', imports: ['_runtime-r1.js', 'index.html'] },
  '_common-m1.js': {
    file: 'assets/common-m1.js',
    imports: ['index.html', '_prime-p1.js'],
    css: ['assets/common-s1.css'],
  },
  'src/app/shell/shell-layout.tsx': {
    file: 'assets/shell-layout-l1.js',
    imports: ['index.html', '_common-m1.js', '_prime-p1.js'],
    css: ['assets/shell-layout-s2.css'],
  },
  'src/features/faq/components/faq-page.tsx': { file: 'assets/faq-page-f1.js', imports: ['_common-m1.js'] },
};

describe('preload links of a signed-in page', () => {
  it('name every chunk the shell imports, once, and none the page has', () => {
    const links = preloadLinks(manifest, SIGNED_IN_MODULES, page);
    const scripts = [...links.matchAll(/rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['assets/prime-p1.js', 'assets/common-m1.js', 'assets/shell-layout-l1.js']);
    const styles = [...links.matchAll(/rel="preload" as="style" crossorigin href="\/([^"]+)"/g)].map((m) => m[1]);
    expect(styles).toEqual(['assets/common-s1.css', 'assets/shell-layout-s2.css']);
    // Not the entry, its runtime or its styles (the page names them), nor pages nobody asked for.
    expect(links).not.toMatch(/index-a1|runtime-r1|index-c1|faq-page/);
  });

  it('go to a request with the session cookie that is not for a guest page', () => {
    expect(wantsSignedInPage('/list', 'lang=ru; token=eyJ.a.b; id=7')).toBe(true);
    expect(wantsSignedInPage('/list', 'token=eyJ.a.b')).toBe(true);
    expect(wantsSignedInPage('/list', undefined)).toBe(false);
    expect(wantsSignedInPage('/list', 'old_token=eyJ.a.b; token=')).toBe(false);
    expect(wantsSignedInPage('/list', 'refresh_token=r1')).toBe(false);
    for (const guest of ['/login', '/register', '/registration', '/forgot'])
      expect(wantsSignedInPage(guest, 'token=eyJ.a.b')).toBe(false);
  });
});

describe('the SPA page of a built app', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'cab-dist-'));
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({ seed: false, webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('names the shell chunks for a signed-in page and nothing more for a guest', async () => {
    const signedIn = await get('/list?blocked=1', 'token=eyJ.a.b');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-type']).toMatch(/text\/html/);
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    expect(signedIn.body).toContain('<link rel="modulepreload" crossorigin href="/assets/shell-layout-l1.js">');
    // The links go at the end of <head>; the page is otherwise what the build wrote.
    const head = page.indexOf('</head>');
    expect(signedIn.body.startsWith(page.slice(0, head))).toBe(true);
    expect(signedIn.body.endsWith(page.slice(head))).toBe(true);

    for (const [url, cookie] of [
      ['/list', undefined],
      ['/login', 'token=eyJ.a.b'],
    ] as const) {
      const guest = await get(url, cookie);
      expect(guest.statusCode).toBe(200);
      expect(guest.body).toBe(page);
      expect(guest.headers.vary).toMatch(/cookie/i);
    }
  });
});
