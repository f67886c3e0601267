import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { LOGIN_TEXT_KEYS, TEXT_PARTS } from './src/lib/text-parts.ts';

// The dev server proxies the API; VITE_API_TARGET points it at another local server.
const API_TARGET = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

// react-router's package exports only its development build; production bundles take the lean one.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * A signed-in page used to load 70 files, most of them a few hundred bytes: a browser opens six
 * connections to the server (HTTP/1.1), so they queued and the first request of the page waited
 * for the last of them. Higher priority groups capture first. What the entry loads stays apart
 * ('$initial'): the login route must not carry the signed-in pages' code (its JS budget). Parts
 * few pages use (charts, the editor, the day picker) keep chunks of their own.
 */
const RARELY_USED = /[\\/](chart|editor|calendar|multiselect|timeline|steps)[\\/]|[\\/](chart\.js|quill|date-input|rich-text-editor)/;
/** Shared modules the login route also uses (its second factor's recovery codes, the passkey prompt): outside 'common', which carries PrimeReact and the query client along. */
const LOGIN_ROUTE_SHARED = /[\\/](recovery-codes-list|passkey-browser)\./;
const CHUNK_GROUPS = [
  { name: 'index', tags: ['$initial' as const], priority: 4 },
  { name: 'prime', test: (id: string) => /node_modules[\\/]primereact[\\/]/.test(id) && !RARELY_USED.test(id), priority: 3 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
  { name: 'common', test: (id: string) => /src[\\/](lib|components)[\\/]|packages[\\/]contract[\\/]|node_modules[\\/]zod[\\/]/.test(id) && !RARELY_USED.test(id) && !LOGIN_ROUTE_SHARED.test(id), priority: 1 },
];

/**
 * `virtual:texts/<lang>-<part>`: the part of locales/<lang>.json that src/lib/text-parts.ts names
 * (the sign-in route's texts, or the rest), so /login downloads only its own. The JSON files stay
 * whole for authors and tests.
 */
function textParts(): Plugin {
  const prefix = 'virtual:texts/';
  return {
    name: 'text-parts',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const [lang, part] = id.slice(prefix.length + 1).split('-');
      if (!lang || !/^[a-z]{2}$/.test(lang) || !TEXT_PARTS.includes(part as never)) throw new Error(`no such texts: ${id}`);
      const file = fileURLToPath(new URL(`./src/locales/${lang}.json`, import.meta.url));
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.entries(all).filter(([key]) => LOGIN_TEXT_KEYS.includes(key) === (part === 'login'));
      return `export default ${JSON.stringify(Object.fromEntries(picked))};`;
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), textParts()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  // Every supported browser has modulepreload; the polyfill would only add to the login budget.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
}));
