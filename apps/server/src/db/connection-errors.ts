import { DrizzleQueryError } from 'drizzle-orm';

/**
 * Whether an error means "the database cannot be reached right now" (a failover, a restart, a
 * terminated backend, a network cut) rather than a fault of the request or of our code. Such errors
 * pass: callers answer 503, retry later or wait for the database, and never exit the process.
 */

/** SQLSTATEs of a lost or refused connection: class 08, and an administrator's or crash shutdown. */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = [
  // node-postgres: the socket closed under a query, or a connect attempt timed out.
  'Connection terminated',
  // node-postgres: a client whose connection already failed was asked again.
  'is not queryable',
  // pg-pool: no connection became free within connectionTimeoutMillis.
  'timeout exceeded when trying to connect',
  // PGlite after close (the process is shutting down).
  'PGlite is closed',
];

function isConnectionErrorItself(error: unknown): boolean {
  // Drizzle's wrapper carries the query and its parameters in its message: only its cause counts.
  if (!(error instanceof Error) || error instanceof DrizzleQueryError) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_SQLSTATES.has(code) || NETWORK_CODES.has(code))) return true;
  if (error instanceof AggregateError && error.errors.some(isConnectionErrorItself)) return true;
  return CONNECTION_MESSAGES.some((text) => error.message.includes(text));
}

/** The driver's own connection error within `error` (Drizzle wraps it as the cause), if any. */
function findConnectionError(error: unknown): Error | undefined {
  for (let current = error, depth = 0; current !== undefined && depth < 5; depth++) {
    if (isConnectionErrorItself(current)) return current as Error;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

export function isConnectionError(error: unknown): boolean {
  return findConnectionError(error) !== undefined;
}

/** What went wrong with the connection, without the query or its parameters (safe to log). */
export function describeConnectionError(error: unknown): string {
  const found = findConnectionError(error);
  if (!found) return 'not a connection error';
  const code = (found as { code?: unknown }).code;
  return typeof code === 'string' ? `${found.message} (${code})` : found.message;
}
