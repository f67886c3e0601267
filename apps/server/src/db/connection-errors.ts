import { DrizzleQueryError } from 'drizzle-orm';

/*
 * Whether an error means "the database cannot answer right now" (a failover, a restart, a terminated
 * backend, a network cut) rather than a fault of the request or of our code. Such errors pass:
 * callers answer 503, retry later or wait for the database, and never exit the process.
 */

/** SQLSTATEs of a lost or refused connection besides class 08: an administrator's or crash shutdown, start-up. */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = [
  // node-postgres: the socket closed under a query, or a connect attempt timed out.
  'Connection terminated',
  // node-postgres: a client whose connection already failed was asked again.
  'is not queryable',
  // pg-pool: no connection became free within connectionTimeoutMillis.
  'timeout exceeded when trying to connect',
];
/** PGlite after close (the process is shutting down): unavailable for good, so not worth waiting for. */
const CLOSED_MESSAGE = 'PGlite is closed';

function isLostConnection(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_SQLSTATES.has(code) || NETWORK_CODES.has(code))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => e instanceof Error && isLostConnection(e))) return true;
  return CONNECTION_MESSAGES.some((text) => error.message.includes(text));
}

function isClosed(error: Error): boolean {
  return error.message.includes(CLOSED_MESSAGE);
}

/**
 * The first error along `error`'s cause chain that `matches`. Drizzle wraps the driver's error as
 * the cause of its own, whose message carries the query and its parameters: that one never counts.
 */
function findInChain(error: unknown, matches: (error: Error) => boolean): Error | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (!(current instanceof DrizzleQueryError) && matches(current)) return current;
    current = current.cause;
  }
  return undefined;
}

/** A lost or refused connection: passing, so waiting and retrying make sense. */
export function isConnectionError(error: unknown): boolean {
  return findInChain(error, isLostConnection) !== undefined;
}

/** The database cannot answer, for a passing reason or because it was closed: callers get 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return findInChain(error, (e) => isLostConnection(e) || isClosed(e)) !== undefined;
}

/** Why the database is unavailable, without the query or its parameters (safe to log). */
export function describeUnavailability(error: unknown): string {
  const found = findInChain(error, (e) => isLostConnection(e) || isClosed(e));
  if (!found) return 'not a database availability error';
  const code = (found as { code?: unknown }).code;
  return typeof code === 'string' ? `${found.message} (${code})` : found.message;
}
