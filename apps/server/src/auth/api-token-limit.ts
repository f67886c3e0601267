import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { countTokenCall } from './api-token-calls-repository.js';
import type { Principal } from './principal.js';

/** The headers every answer to an API token carries (IETF draft "RateLimit header fields"). */
export const RATE_LIMIT_HEADERS = {
  limit: 'RateLimit-Limit',
  remaining: 'RateLimit-Remaining',
  reset: 'RateLimit-Reset',
} as const;

/** Calls refused by the limit: they acted on nothing, so they leave no audit row (authenticate.ts). */
const refused = new WeakSet<FastifyRequest>();

export function refusedByTokenLimit(request: FastifyRequest): boolean {
  return refused.has(request);
}

/**
 * Counts an API token's call in its one-minute window and states the window on the answer, whatever
 * the answer turns out to be: headers set here stay on error answers too. Past the limit the call
 * answers 429 before any other work. Only token calls come here: a signed-in session pays nothing.
 */
export async function limitApiTokenCall(db: Db, request: FastifyRequest, reply: FastifyReply, principal: Principal, perMinute: number): Promise<void> {
  if (principal.apiTokenId === null) return;
  const { count, resetSeconds } = await countTokenCall(db, principal.companyId, principal.apiTokenId);
  reply.header(RATE_LIMIT_HEADERS.limit, String(perMinute));
  reply.header(RATE_LIMIT_HEADERS.remaining, String(Math.max(0, perMinute - count)));
  reply.header(RATE_LIMIT_HEADERS.reset, String(resetSeconds));
  if (count <= perMinute) return;
  refused.add(request);
  reply.header('retry-after', String(resetSeconds));
  throw new AppError('rate_limited');
}
