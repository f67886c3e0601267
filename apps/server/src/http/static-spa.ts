import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody, requestLang } from './errors.js';
import { signedInPage, wantsSignedInPage } from './signed-in-preloads.js';

/**
 * Serves the built SPA with client-side routing: any GET outside /api and /ws that is not a file
 * answers index.html. Without a build (API-only deployments) unknown paths answer 404 JSON.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<boolean> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  const signedIn = hasBuild ? signedInPage(webDist) : null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/scripts/precompress.mjs); the one the
      // client accepts is sent with its Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      // Our setHeaders decides Cache-Control; @fastify/send's default (public, max-age=0) would overwrite it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Which file was sent depended on Accept-Encoding (this version of the plugin does not say so):
        // without Vary a shared cache could hand a brotli body to a client that cannot read it.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/ws');
    const pathname = request.url.split('?')[0] ?? '';
    if (hasBuild && request.method === 'GET' && !isApi && !path.extname(pathname)) {
      // Which page is sent depends on the session cookie: caches must keep the two apart.
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie, Accept-Encoding');
      if (signedIn && wantsSignedInPage(pathname, request.headers.cookie)) return reply.type('text/html; charset=utf-8').send(signedIn);
      return reply.sendFile('index.html');
    }
    return reply.code(404).send(errorBody('not_found', requestLang(request)));
  });
  return hasBuild;
}
