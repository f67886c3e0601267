import { fileURLToPath, URL } from 'node:url';
import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API; VITE_API_TARGET points it at another local server.
const API_TARGET = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

// react-router's package exports only its development build; production bundles take the lean one.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  plugins: [react()],
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
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, target: 'es2022', modulePreload: { polyfill: false } },
}));
