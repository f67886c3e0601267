import { resultOf } from '@cab/contract/errors';
import { SessionCheckResult } from '@cab/contract/auth';
import { ForgotRequest, ForgotResetRequest } from '@cab/contract/forgot';
import { API } from '@cab/contract/paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterReplyHook, runAfterReply } from '../../../http/after-reply.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import { requestReset, resetPassword, type ForgotClient, type ForgotDeps } from './service.js';

const FORGOT_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

export function registerForgotRoutes(app: FastifyInstance, deps: Omit<ForgotDeps, 'log'>, publicUrl: string): void {
  // The link's origin is configured, never taken from the Host header a caller could forge.
  const clientOf = (request: FastifyRequest): ForgotClient => ({ origin: publicUrl, ip: request.ip });
  const r = typed(app);
  const schema = { tags: ['auth'], querystring: LangQuery };
  const config = { rateLimit: FORGOT_RATE_LIMIT };
  r.post(
    API.forgotRequest,
    {
      config,
      onResponse: afterReplyHook,
      schema: { ...schema, body: ForgotRequest, response: { 200: resultOf(SessionCheckResult), ...errorResponses } },
    },
    async (request) => {
      const work = await requestReset({ ...deps, log: request.log }, request.body, clientOf(request));
      if (work) runAfterReply(request, work);
      return { result: { ok: true as const } };
    },
  );
  r.post(
    API.forgotReset,
    { config, schema: { ...schema, body: ForgotResetRequest, response: { 200: resultOf(SessionCheckResult), ...errorResponses } } },
    async (request) => {
      await resetPassword({ ...deps, log: request.log }, request.body, clientOf(request));
      return { result: { ok: true as const } };
    },
  );
}
