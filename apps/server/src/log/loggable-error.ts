/*
 * Errors as a log may hold them: never a query's parameters (e-mails, session ids, token hashes).
 * Drizzle's DrizzleQueryError writes the SQL and its parameters into its message (so into its stack)
 * and keeps them as properties; PGlite's errors keep `query` and `params`; PostgreSQL's `detail`
 * quotes key and row values ("Key (email)=(…) already exists"), and data exceptions (class 22)
 * quote the rejected input in their message. So a logged error is rebuilt from fields that name
 * things but hold no values, instead of being dumped with all its properties.
 */

/** PostgreSQL error fields that name a thing (constraint, table, source routine) and hold no values. */
const NAMING_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;
const MAX_DEPTH = 4;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  errors?: LoggedError[];
  [field: string]: unknown;
}

interface ErrorFields {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  code?: unknown;
}

function safeMessage(error: ErrorFields): string {
  const message = typeof error.message === 'string' ? error.message : '';
  // Drizzle: "Failed query: <sql>\nparams: <values>". The SQL is ours; the values are the caller's.
  if (typeof error.query === 'string' && error.params !== undefined && message.startsWith('Failed query:')) {
    return `Failed query: ${error.query}`;
  }
  if (typeof error.code === 'string' && error.code.startsWith('22')) return `data exception ${error.code} (message withheld: it quotes the input)`;
  return message;
}

/** The stack's frames under a header of the safe message (a stack starts with the raw message). */
function safeStack(stack: unknown, header: string): string {
  const frames = typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return [header, ...frames].join('\n');
}

/** An error (or anything thrown) as fields safe to log; pino's `err` serializer. */
export function loggableError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: String(error), stack: String(error) };
  const fields = error as ErrorFields & Record<string, unknown>;
  const type = error instanceof Error ? error.constructor.name : typeof fields.name === 'string' ? fields.name : 'Object';
  const message = safeMessage(fields);
  const logged: LoggedError = { type, message, stack: safeStack(fields.stack, `${type}: ${message}`) };
  for (const name of NAMING_FIELDS) if (typeof fields[name] === 'string') logged[name] = fields[name];
  if (depth >= MAX_DEPTH) return logged;
  if (fields.cause !== undefined) logged.cause = loggableError(fields.cause, depth + 1);
  if (error instanceof AggregateError) logged.errors = error.errors.slice(0, 3).map((e) => loggableError(e, depth + 1));
  return logged;
}

/** One line for plain-text logs: each error along the cause chain with its SQLSTATE, no parameters. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let current: LoggedError | undefined = loggableError(error); current; current = current.cause) {
    const code = typeof current.code === 'string' ? ` (${current.code})` : '';
    const inner = current.errors?.map((e) => e.message).join('; ');
    parts.push(`${current.type}: ${current.message || inner || ''}${code}`);
  }
  return parts.join('; caused by ');
}

/** `describeError` and then the outermost error's stack frames, for failures nobody expected. */
export function describeErrorWithStack(error: unknown): string {
  const frames = loggableError(error).stack.split('\n').slice(1);
  return [describeError(error), ...frames].join('\n');
}
