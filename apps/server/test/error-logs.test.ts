import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { describeError, describeErrorWithStack, loggableError } from '../src/log/loggable-error.js';
import { freePort, startServer, stopServer, waitUntilServing, type ServerProcess } from './support/processes.js';
import { createSideDatabase, type SideDatabase } from './support/side-database.js';
import { DEMO_PASSWORD, processEnv, testDatabaseUrl } from './support/test-app.js';
import { callProcess } from './support/traffic.js';

const EMAIL = `private-${randomUUID().slice(0, 8)}@example.test`;

/** What a Fastify logger writes for `error`, with the app's serializer or Fastify's own. */
function fastifyLogOf(error: unknown, serializers: { err: typeof loggableError } | null = { err: loggableError }): string {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  Fastify({ logger: { stream, ...(serializers ? { serializers } : {}) } }).log.error({ err: error }, 'unhandled error');
  return lines.join('');
}

/** Every way the app writes an error (its Fastify logger, plain-text lines), as one string. */
function everyLogOf(error: unknown): string {
  return [fastifyLogOf(error), describeError(error), describeErrorWithStack(error)].join('\n');
}

/** Database errors carry the query's parameters in several places; none of them reaches a log. */
describe('errors in logs', () => {
  let database: Database;

  afterAll(async () => {
    await database?.close();
  });

  async function failure(run: (db: Database['db']) => Promise<unknown>): Promise<unknown> {
    database ??= await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: 'memory://' });
    return run(database.db).then(
      () => new Error('the query did not fail'),
      (error: unknown) => error,
    );
  }

  it('keep the SQL, the SQLSTATE and the constraint of a failed query, not its parameters or the key it quotes', async () => {
    const error = await failure((db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`create temp table private_mails (email text constraint private_mails_pk primary key) on commit drop`);
        await tx.execute(sql`insert into private_mails values (${EMAIL})`);
        await tx.execute(sql`insert into private_mails values (${EMAIL})`);
      }),
    );
    // Unfiltered, the message, the parameters and the detail ("Key (email)=(…)") all carry it.
    expect(fastifyLogOf(error, null)).toContain(EMAIL);
    const logged = everyLogOf(error);
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain('params');
    expect(logged).toContain('insert into private_mails values ($1)');
    expect(logged).toContain('"code":"23505"');
    expect(logged).toContain('private_mails_pk');
    expect(describeError(error)).toMatch(/^DrizzleQueryError: Failed query: insert into private_mails values \(\$1\); caused by .*duplicate key value violates unique constraint "private_mails_pk" \(23505\)$/);
  });

  it('withhold the message of a data exception, which quotes the rejected input', async () => {
    const error = await failure((db) => db.execute(sql`select ${EMAIL}::int`));
    expect(String((error as Error).cause)).toContain(EMAIL);
    const logged = everyLogOf(error);
    expect(logged).not.toContain(EMAIL);
    expect(logged).toContain('22P02');
  });
});

/**
 * A real API process whose database is dropped under it: a refusal that is not passing (3D000,
 * connection-errors.ts), so calls answer 500 and the error is logged in full: still without the
 * e-mail of a refused sign-in or the session and search text of a refused query.
 */
describe.skipIf(!testDatabaseUrl)('an API process whose database was dropped (PostgreSQL only: needs TEST_DATABASE_URL)', () => {
  let side: SideDatabase;
  let api: ServerProcess | undefined;

  afterAll(async () => {
    if (api) await stopServer(api);
    await side?.drop();
  }, 30_000);

  it('logs the failures of a refused sign-in and a refused query without their parameters', async () => {
    side = await createSideDatabase(testDatabaseUrl ?? '', 'dropped');
    api = startServer(await freePort(), processEnv({ DATABASE_URL: side.url, LOG_LEVEL: 'info', ROLE: 'api' }));
    await waitUntilServing(api);
    const signedIn = await callProcess(api, '/api/login', { email: 'admin@demo.local', password: DEMO_PASSWORD });
    const { token } = (signedIn.body as { result: { token: string } }).result;
    const sessionId = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;
    const search = `private-search-${randomUUID().slice(0, 8)}`;

    await side.drop();
    const login = await callProcess(api, '/api/login', { email: EMAIL, password: 'whatever-it-is' });
    const list = await callProcess(api, '/api/sims/list', { page: 0, size: 25, filter: { query: search } }, { token });
    expect([login.status, list.status]).toEqual([500, 500]);
    expect(login.body).toEqual({ code: 'internal', message: 'Unexpected error, please try again later' });

    const log = api.output.join('');
    expect(log).toContain('"msg":"unhandled error"');
    expect(log).toContain('"code":"3D000"');
    for (const secret of [EMAIL, search, sessionId, 'params']) expect(log).not.toContain(secret);
    expect(api.exit).toBeNull();
  }, 90_000);
});
