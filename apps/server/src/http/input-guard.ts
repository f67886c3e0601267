import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * A NUL character (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair (not
 * Unicode at all: jsonb and UTF-8 reject it). Either would otherwise reach the database and fail
 * there, after part of a change may already have been written.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * The dotted path of an unstorable string (a value, or the object holding a bad key) in `input`
 * ("_" for the input itself), or null.
 * Walks with its own stack: a body may nest thousands of levels deep.
 */
export function findUnstorableText(input: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (isUnstorable(value)) return path || '_';
      continue;
    }
    // An uploaded file's bytes (news images) are not text.
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    for (const [key, item] of entries) {
      const itemPath = path ? `${path}.${key}` : key;
      if (isUnstorable(key)) return path || '_';
      stack.push({ value: item, path: itemPath });
    }
  }
  return null;
}

function checkRequest(request: FastifyRequest): void {
  const parts: readonly unknown[] = [request.params, request.query, request.body];
  for (const part of parts) {
    const path = findUnstorableText(part);
    if (path !== null) throw new AppError('validation_failed', { [path]: 'invalidText' });
  }
}

/**
 * Rejects NUL and lone surrogates anywhere in a request's params, query and body (at any depth,
 * keys included) before any route's schema or service sees them: one guard for every route.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    // No route matched: the answer is the 404 whatever the path holds.
    if (request.routeOptions.url === undefined) {
      done();
      return;
    }
    try {
      checkRequest(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
