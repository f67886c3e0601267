import { DrizzleQueryError } from 'drizzle-orm';

/*
 * Whether an error means "the database cannot answer right now" (a failover, a restart, a terminated
 * backend, a network cut, maintenance) rather than a fault of the request or of our code. Such errors
 * pass: callers answer 503, retry later or wait for the database, and never exit the process.
 */

/**
 * SQLSTATE classes a restart, a failover or maintenance produces:
 * - 08 connection exception: lost or refused connections; pgbouncer also answers 08P01 while its
 *   server is away;
 * - 53 insufficient resources: 53300 too_many_connections (every client reconnects at once after a
 *   restart; a role's or database's CONNECTION LIMIT), 53100 disk full, 53200 out of memory.
 */
const UNAVAILABLE_CLASSES = ['08', '53'];
/**
 * Single SQLSTATEs of the same kind:
 * - 57P01 admin shutdown (also pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect now
 *   (starting up, shutting down, in recovery), 57P05 idle session timeout (the connection is gone);
 * - 55000 object_not_in_prerequisite_state: at connect "database … is not currently accepting
 *   connections" (ALTER DATABASE … ALLOW_CONNECTIONS false), on a standby "recovery is in progress".
 *   Its other uses (currval before nextval, an unpopulated materialized view) are not in our SQL, and
 *   its severity (FATAL only at connect) cannot tell them apart: the server localizes it;
 * - 25006 read_only_sql_transaction: a write reached a standby or a demoted primary after a failover,
 *   or an operator made the database read-only. We never open read-only transactions ourselves.
 * Deliberately not counted, as the database is up or waiting will not help: 40001 / 40P01
 * (serialization failure, deadlock: a conflict between transactions), 57014 (statement timeout or
 * cancel), 3D000 / 57P04 (the database does not exist or was dropped), class 28 (authentication: a
 * configuration fault), classes 58 and XX (I/O and internal errors of a broken server), class 22/23
 * (the data).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '55000', '25006']);
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

/**
 * An Error, or what pg-boss emits for its pollers' failures: a plain object spread from the error
 * (`{ ...error, message, stack }`), which keeps the driver's `code`.
 */
interface ErrorLike {
  message: string;
  code?: unknown;
  cause?: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

function isUnavailableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return UNAVAILABLE_CLASSES.includes(code.slice(0, 2)) || UNAVAILABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code);
}

function isLostConnection(error: ErrorLike): boolean {
  if (isUnavailableCode(error.code)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isErrorLike(e) && isLostConnection(e))) return true;
  return CONNECTION_MESSAGES.some((text) => error.message.includes(text));
}

function isClosed(error: ErrorLike): boolean {
  return error.message.includes(CLOSED_MESSAGE);
}

/**
 * The first error along `error`'s cause chain that `matches`. Drizzle wraps the driver's error as
 * the cause of its own, whose message carries the query and its parameters: that one never counts.
 */
function findInChain(error: unknown, matches: (error: ErrorLike) => boolean): ErrorLike | undefined {
  for (let current = error, depth = 0; isErrorLike(current) && depth < 5; depth++) {
    if (!(current instanceof DrizzleQueryError) && matches(current)) return current;
    current = current.cause;
  }
  return undefined;
}

/** A lost or refused connection, or a database that cannot serve yet: passing, so waiting and retrying make sense. */
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
  return typeof found.code === 'string' ? `${found.message} (${found.code})` : found.message;
}

/** Whether the database refused with SQLSTATE `code` (e.g. 55P03, a lock not taken within lock_timeout). */
export function hasSqlState(error: unknown, code: string): boolean {
  return findInChain(error, (e) => e.code === code) !== undefined;
}
