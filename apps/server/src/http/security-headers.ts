import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      // Browsers must not upgrade plain-HTTP local installs.
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The headers helmet sets with OPTIONS, worked out once. They are the same for every answer (no
 * nonces), and @fastify/helmet rebuilt the whole middleware per request: parsing the CSP each time
 * was a tenth of the SIM list's Node CPU beyond the query itself.
 */
export function securityHeaders(options: HelmetOptions = OPTIONS): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw new Error('helmet refused the security header options', { cause: failure });
  return [...headers];
}

/** Every answer (API, SPA, errors, 404) carries the security headers. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
