import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PgListener } from './pg-listener.js';
import * as accountsSchema from './schema-accounts.js';
import * as agentsSchema from './schema-agents.js';
import * as commerceSchema from './schema-commerce.js';
import * as contentSchema from './schema-content.js';
import * as coreSchema from './schema.js';
import * as simsSchema from './schema-sims.js';
import * as usageSchema from './schema-usage.js';

const schema = { ...coreSchema, ...simsSchema, ...accountsSchema, ...commerceSchema, ...contentSchema, ...agentsSchema, ...usageSchema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction. */
export type Executor = Db | Tx;

type Unlisten = () => Promise<void>;

/** Where the database's triggers announce changes that cached request state depends on (migration 0012). */
export const INVALIDATION_CHANNEL = 'cabinet_invalidate';

export interface InvalidationHandlers {
  message(payload: string): void;
  /** Messages may be missed from now until `resumed` (the listening connection dropped). */
  lost(): void;
  /** Heard again: anything changed in the gap is unknown. */
  resumed(): void;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Runs pending migrations; on PostgreSQL under an advisory lock so many processes may start at once. */
  migrate(): Promise<void>;
  /** Runs `work` while holding the start-up lock (seeding, secrets), so concurrent starts do not race. */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` for each notification on `channel`. On PostgreSQL the connection reconnects by
   * itself when it drops; `onResume` is then called, as notifications of the gap are lost.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResume?: () => void): Promise<Unlisten>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Hears INVALIDATION_CHANNEL from every process, and a change made by this process's own write
   * before that write's query resolves (PGlite delivers notifications with the query's answer; on
   * PostgreSQL every pooled connection LISTENs too, and a backend sends its own transaction's
   * notifications before it reports the commit), so a cache dropped here is never read stale by the
   * request that follows the change.
   */
  watchInvalidations(handlers: InvalidationHandlers): Promise<Unlisten>;
  /**
   * Null, or a promise to await before answering a request: on PostgreSQL, while an invalidation
   * this process's own write raised has not yet come back through the listening connection, which
   * PostgreSQL signals together with every other process's listener. An answer that waits for it
   * reaches its client after the other processes were told (bounded wait).
   */
  invalidationsSettled(): Promise<void> | null;
  /**
   * Null, or a check to await before using something cached: on PostgreSQL it resolves true once
   * every invalidation committed before the call has reached this process (another process's
   * write included), false when that cannot be known and the cached value must not be used.
   */
  readonly invalidationsCaughtUp: (() => Promise<boolean>) | null;
  /** How the job queue (pg-boss) reaches this database. */
  readonly jobConnection: { connectionString: string } | { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const STARTUP_LOCK_KEY = 727_001;

/** How long a query waits for a pool connection before it fails (and the API answers 503). */
const CONNECT_TIMEOUT_MS = 5000;

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Where lost and regained connections are reported (they never end the process). */
  log?: (message: string) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const log = options.log ?? ((message: string) => console.warn(message));
  return options.databaseUrl ? openPostgres(options.databaseUrl, log) : await openPglite(options.dataDir);
}

/** The extensions every embedded database is created with (the list's trigram and GIN indexes). */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

async function openPglite(dataDir: string): Promise<Database> {
  const dir = dataDir === 'memory://' ? dataDir : path.resolve(dataDir, 'pglite');
  if (dir !== 'memory://') mkdirSync(path.dirname(dir), { recursive: true });
  return databaseOverPglite(await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS }));
}

/** The database over an embedded PGlite already opened (e.g. from a dump of its data folder). */
export function databaseOverPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    // One embedded connection serves one process: there is nobody to race.
    withStartupLock: (work) => work(),
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
    // PGlite is one connection in this process: its notifications arrive with the query's answer.
    watchInvalidations: async (handlers) => client.listen(INVALIDATION_CHANNEL, (payload) => handlers.message(payload)),
    invalidationsSettled: () => null,
    invalidationsCaughtUp: null,
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    jobConnection: {
      executeSql: async (text, values) => {
        // pg-boss sends multi-statement scripts without parameters when it installs its schema.
        if (!values?.length) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return client.query(text, values);
      },
    },
    close: () => client.close(),
  };
}

/** The longest an answer waits for its own invalidation to come back through the listener. */
const ECHO_WAIT_MS = 250;

/**
 * Invalidations raised by this process's writes (heard on the writing pooled connection, whose
 * backend raised them) that the listening connection has not heard yet.
 */
class OwnInvalidations {
  private readonly pending = new Map<string, number>();
  /** Heard on the listener shortly before the writer's own copy arrived (the two race). */
  private readonly heard = new Map<string, number>();
  private waiters: Array<() => void> = [];

  raised(key: string): void {
    if (this.heard.delete(key)) return;
    this.pending.set(key, Date.now());
  }

  echoed(key: string): void {
    if (!this.pending.delete(key)) {
      const now = Date.now();
      this.heard.set(key, now);
      for (const [k, at] of this.heard) if (now - at > 1000 || this.heard.size > 1000) this.heard.delete(k);
    }
    if (this.pending.size === 0) this.release();
  }

  /** The listener is away: nobody hears anything, waiting would not help. */
  reset(): void {
    this.pending.clear();
    this.heard.clear();
    this.release();
  }

  settled(): Promise<void> | null {
    if (this.pending.size === 0) return null;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        // Not heard back in time (the listener is slow or away): stop waiting for these.
        this.waiters = this.waiters.filter((w) => w !== done);
        const now = Date.now();
        for (const [k, at] of this.pending) if (now - at >= ECHO_WAIT_MS) this.pending.delete(k);
        resolve();
      }, ECHO_WAIT_MS);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push(done);
    });
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}

function openPostgres(url: string, log: (message: string) => void): Database {
  const invalidationHandlers = new Set<InvalidationHandlers>();
  const own = new OwnInvalidations();
  const dispatchInvalidation = (payload: string) => {
    for (const handlers of invalidationHandlers) handlers.message(payload);
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection cut without a reset (network partition) is noticed instead of hanging forever.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // A LIMIT query over a seq scan (a capped count, a page of all SIMs) must not join another
    // session's synchronized scan half-way through the table: it then reads the other tenants' rows
    // first (measured: 30k rows → 720k rows, 11 ms → 414 ms for the same capped count).
    // JIT compilation pays off for long analytic queries only: on a report over many rollup rows it
    // added 220–270 ms to a query it did not speed up (PostgreSQL turns it on past a plan cost).
    options: '-c synchronize_seqscans=off -c jit=off',
    // Every pooled connection hears cache invalidations, so a write's own change reaches this
    // process's caches (before the write's query resolves) even while the listener lags behind.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- pg-pool awaits it before handing the client out (its types say void)
    onConnect: async (client: pg.ClientBase) => {
      client.on('notification', (message) => {
        if (message.channel !== INVALIDATION_CHANNEL || message.payload === undefined) return;
        const backend = (client as unknown as { processID: number | null }).processID;
        if (message.processId === backend && invalidationHandlers.size > 0) own.raised(`${message.processId}:${message.payload}`);
        dispatchInvalidation(message.payload);
      });
      await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    },
  });
  // A dropped idle connection is an 'error' on the pool, a dropped checked-out one (a transaction
  // between statements, the start-up lock) an 'error' on its client: unheard, either ends the
  // process. The pool discards the broken client and opens a fresh one on the next query; the
  // query that was running fails with a connection error (503 to API callers).
  pool.on('error', (error) => log(`database connection lost: ${error.message}`));
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = new PgListener(url, log);

  async function withStartupLock<T>(work: () => Promise<T>): Promise<T> {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      return await work();
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
      lockClient.release();
    }
  }

  return {
    kind: 'postgres',
    db,
    migrate: () => withStartupLock(() => migratePg(drizzlePg(pool, { schema }), { migrationsFolder })),
    withStartupLock,
    listen: (channel, onMessage, onResume) => listener.listen(channel, onMessage, onResume),
    invalidationsSettled: () => own.settled(),
    invalidationsCaughtUp: () => listener.caughtUp(),
    watchInvalidations: async (handlers) => {
      invalidationHandlers.add(handlers);
      try {
        const unlisten = await listener.listen(
          INVALIDATION_CHANNEL,
          (payload, processId) => {
            dispatchInvalidation(payload);
            own.echoed(`${processId}:${payload}`);
          },
          () => handlers.resumed(),
          () => {
            own.reset();
            handlers.lost();
          },
        );
        if (!listener.connected) handlers.lost();
        return async () => {
          invalidationHandlers.delete(handlers);
          await unlisten();
        };
      } catch (error) {
        invalidationHandlers.delete(handlers);
        throw error;
      }
    },
    notify: async (channel, payload) => {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    jobConnection: { connectionString: url },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
