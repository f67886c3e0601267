import { FORGOT_API } from '@cab/contract/forgot';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterReplyHook, runAfterReply } from '../../../http/after-reply.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { requestReset, resetPassword, type ForgotClient, type ForgotDeps } from './service.js';

const FORGOT_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

export function registerForgotRoutes(app: FastifyInstance, deps: Omit<ForgotDeps, 'log'>, publicUrl: string): void {
  // The link's origin is configured, never taken from the Host header a caller could forge.
  const clientOf = (request: FastifyRequest): ForgotClient => ({ origin: publicUrl, ip: request.ip });
  const { handle } = endpointRoutes(app, { tag: 'auth' });
  const config = { rateLimit: FORGOT_RATE_LIMIT };
  handle(
    FORGOT_API.request,
    async ({ body, request }) => {
      const work = await requestReset({ ...deps, log: request.log }, body, clientOf(request));
      if (work) runAfterReply(request, work);
      return { ok: true as const };
    },
    { config, onResponse: afterReplyHook },
  );
  handle(
    FORGOT_API.reset,
    async ({ body, request }) => {
      await resetPassword({ ...deps, log: request.log }, body, clientOf(request));
      return { ok: true as const };
    },
    { config },
  );
}
