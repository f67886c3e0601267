import { DrizzleQueryError, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { describeUnavailability, isConnectionError, isDatabaseUnavailable } from '../src/db/connection-errors.js';
import { createSideDatabase, type SideDatabase } from './support/side-database.js';
import { testDatabaseUrl } from './support/test-app.js';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** An error as node-postgres builds it from the server's ErrorResponse. */
function serverError(message: string, code: string, severity = 'ERROR'): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code, severity });
}

/** Which failures the API answers with 503 (and workers wait out) instead of 500. */
describe('database availability errors', () => {
  it('recognizes lost and refused connections, also when Drizzle wraps them', () => {
    const lost = [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new DrizzleQueryError('select 1', [], withCode('read ECONNRESET', 'ECONNRESET')),
    ];
    for (const error of lost) expect([isConnectionError(error), isDatabaseUnavailable(error)]).toEqual([true, true]);
    expect(describeUnavailability(lost[7])).toBe('read ECONNRESET (ECONNRESET)');
  });

  it('recognizes what a restart, a failover or maintenance answers besides a dropped connection', () => {
    const refusals = [
      serverError('database "cabinet" is not currently accepting connections', '55000', 'FATAL'),
      serverError('recovery is in progress', '55000'),
      serverError('sorry, too many clients already', '53300', 'FATAL'),
      serverError('remaining connection slots are reserved for non-replication superuser connections', '53300', 'FATAL'),
      serverError('could not extend file: No space left on device', '53100'),
      serverError('cannot execute UPDATE in a read-only transaction', '25006'),
      serverError('terminating connection due to idle-session timeout', '57P05', 'FATAL'),
      serverError('server conn crashed?', '08P01'),
    ];
    for (const error of refusals) {
      const wrapped = new DrizzleQueryError('select * from users where email = $1', ['someone@example.test'], error);
      expect([isConnectionError(wrapped), isDatabaseUnavailable(wrapped)]).toEqual([true, true]);
      expect(describeUnavailability(wrapped)).toBe(`${error.message} (${error.code})`);
    }
  });

  it('recognizes what pg-boss emits for a failed poll: the error spread into a plain object', () => {
    const error = serverError('database "cabinet" is not currently accepting connections', '55000', 'FATAL');
    const emitted = { ...error, message: `${error.message} (Queue: queue-batch, Worker: 1)`, stack: error.stack, queue: 'queue-batch', worker: '1' };
    expect([isConnectionError(emitted), isDatabaseUnavailable(emitted)]).toEqual([true, true]);
  });

  it('leaves request and code faults alone, whatever the query parameters say', () => {
    const faults = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('canceling statement due to statement timeout', '57014'),
      new DrizzleQueryError('select $1', ['Connection terminated'], withCode('invalid input syntax', '22P02')),
      new TypeError('x is undefined'),
      // A conflict between transactions: the database is up, the caller may retry its transaction.
      serverError('could not serialize access due to concurrent update', '40001'),
      serverError('deadlock detected', '40P01'),
      // Gone or misconfigured, not passing: waiting would not bring it back.
      serverError('database "cabinet" does not exist', '3D000', 'FATAL'),
      serverError('terminating connection because the database was dropped', '57P04', 'FATAL'),
      serverError('password authentication failed for user "cabinet"', '28P01', 'FATAL'),
      serverError('could not read block 0 in file "base/1/2": read only 0 of 8192 bytes', 'XX001'),
    ];
    for (const error of faults) expect([isConnectionError(error), isDatabaseUnavailable(error)]).toEqual([false, false]);
  });

  it('answers 503 for a closed embedded database but does not wait for it to come back', () => {
    const closed = new DrizzleQueryError('select 1', [], new Error('PGlite is closed'));
    expect([isConnectionError(closed), isDatabaseUnavailable(closed)]).toEqual([false, true]);
  });
});

/** The same with errors PostgreSQL really sends, through the app's own pool and Drizzle. */
describe.skipIf(!testDatabaseUrl)('real refusals from PostgreSQL (needs TEST_DATABASE_URL)', () => {
  const role = `${new URL(testDatabaseUrl || 'postgres://x/x').pathname.slice(1)}_limited`;
  const opened: Database[] = [];
  let side: SideDatabase | undefined;
  let admin: pg.Client | undefined;

  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => undefined);
    await side?.drop();
    await admin?.query(`drop role if exists ${pg.escapeIdentifier(role)}`);
    await admin?.end();
  });

  async function failure(databaseUrl: string): Promise<unknown> {
    const database = await openDatabase({ databaseUrl, dataDir: 'memory://', log: () => undefined });
    opened.push(database);
    return database.db.execute(sql`select ${'someone@example.test'}::text`).then(
      () => new Error('the query was not refused'),
      (error: unknown) => error,
    );
  }

  it('53300: a role past its CONNECTION LIMIT', async () => {
    admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`drop role if exists ${pg.escapeIdentifier(role)}`);
    await admin.query(`create role ${pg.escapeIdentifier(role)} login connection limit 1`);
    const url = new URL(testDatabaseUrl ?? '');
    url.username = role;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    try {
      const error = await failure(url.toString());
      expect(error).toBeInstanceOf(DrizzleQueryError);
      expect((error as Error).cause).toMatchObject({ code: '53300' });
      expect([isConnectionError(error), isDatabaseUnavailable(error)]).toEqual([true, true]);
    } finally {
      await holder.end();
    }
  });

  it('55000: a database that does not allow connections', async () => {
    side = await createSideDatabase(testDatabaseUrl ?? '', 'closed');
    await side.allowConnections(false);
    const error = await failure(side.url);
    expect((error as Error).cause).toMatchObject({ code: '55000' });
    expect([isConnectionError(error), isDatabaseUnavailable(error)]).toEqual([true, true]);
    expect(describeUnavailability(error)).toMatch(/is not currently accepting connections \(55000\)$/);
  });
});
