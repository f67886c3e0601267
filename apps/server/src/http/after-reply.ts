import type { FastifyRequest } from 'fastify';

/**
 * Work a route does only once its answer has gone out, so the time it takes (or its failure) never
 * shows in the answer — e.g. the mail of forgot/request, which must answer known and unknown
 * addresses alike. On the embedded database (one connection on the main thread) even work started
 * without awaiting it would delay the answer; an onResponse hook runs after the response is sent.
 */
const pending = new WeakMap<FastifyRequest, () => Promise<void>>();

export function runAfterReply(request: FastifyRequest, work: () => Promise<void>): void {
  pending.set(request, work);
}

/** The route's `onResponse` hook that runs what `runAfterReply` left for this request. */
export async function afterReplyHook(request: FastifyRequest): Promise<void> {
  const work = pending.get(request);
  if (!work) return;
  pending.delete(request);
  try {
    await work();
  } catch (error) {
    request.log.error({ err: error }, 'work after the answer failed');
  }
}
