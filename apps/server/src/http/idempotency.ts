import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { AppError } from './errors.js';
import { claimKey, findKept, keepAnswer, releaseKey, type KeptRequest, type KeyRef } from './idempotency-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this call claimed its Idempotency-Key: its answer is kept for repeats. */
    idempotencyKey: KeyRef | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable ASCII, as a UUID or any client's own scheme; bounded like every other input. */
export const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

function ownerOf(principal: Principal): string {
  return principal.apiTokenId !== null ? `api_token:${principal.apiTokenId}` : `user:${principal.userId}`;
}

function keyOf(request: FastifyRequest): KeyRef | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined || request.method === 'GET' || request.method === 'HEAD' || !request.principal) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw new AppError('validation_failed', { [IDEMPOTENCY_HEADER]: 'invalid' });
  return { owner: ownerOf(request.principal), key: value };
}

/** An answer worth giving again: what the call did or why it was refused, not a passing state. */
function keepable(statusCode: number, payload: unknown): payload is string {
  return typeof payload === 'string' && statusCode < 500 && statusCode !== 429;
}

/** A call whose key another call claimed: that call's answer, or why there is none to give. */
function answerRepeat(reply: FastifyReply, kept: KeptRequest | undefined, call: { route: string; bodyHash: string }) {
  if (kept && (kept.route !== call.route || kept.body_hash !== call.bodyHash)) throw new AppError('idempotency_key_reused');
  // Still being answered, or released after a passing failure a moment ago: send again shortly.
  if (!kept || kept.status_code === null || kept.body === null) {
    reply.header('retry-after', '1');
    throw new AppError('idempotency_key_in_use');
  }
  if (kept.content_type) reply.header('content-type', kept.content_type);
  return reply.code(kept.status_code).header('idempotent-replayed', 'true').send(kept.body);
}

/**
 * `Idempotency-Key` on any call that is not a read by URL method (every action of this API is a POST):
 * the first call with a key runs and its answer is kept for 24 h; a repeat with the same key, route
 * and body gets that answer (`Idempotent-Replayed: true`) without acting again; a repeat while the
 * first still runs answers 409, the same key with another call 422. Answers of a passing state (5xx,
 * 429) are not kept, so the same key may try again. Keys are per principal (user or API token).
 * Registered before compression, so the answer is seen as the handler made it.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotencyKey', null);
  app.addHook('preHandler', async (request, reply) => {
    const ref = keyOf(request);
    if (!ref) return;
    const call = {
      route: `${request.method} ${request.routeOptions.url ?? ''}`,
      bodyHash: createHash('sha256').update(JSON.stringify(request.body ?? null)).digest('hex'),
    };
    if (await claimKey(db, ref, call)) {
      request.idempotencyKey = ref;
      return;
    }
    return answerRepeat(reply, await findKept(db, ref), call);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const ref = request.idempotencyKey;
    if (!ref) return payload;
    request.idempotencyKey = null;
    try {
      if (keepable(reply.statusCode, payload)) {
        const contentType = reply.getHeader('content-type');
        await keepAnswer(db, ref, { statusCode: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body: payload });
      } else {
        await releaseKey(db, ref);
      }
    } catch (error) {
      // The call has acted; its answer must still go out. The key stays claimed until it counts as abandoned.
      request.log.warn({ err: error }, 'idempotency: the answer could not be kept');
    }
    return payload;
  });
}
