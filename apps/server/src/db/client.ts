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
import * as accountsSchema from './schema-accounts.js';
import * as commerceSchema from './schema-commerce.js';
import * as coreSchema from './schema.js';

const schema = { ...coreSchema, ...accountsSchema, ...commerceSchema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction. */
export type Executor = Db | Tx;

type Unlisten = () => Promise<void>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Runs pending migrations; on PostgreSQL under an advisory lock so many processes may start at once. */
  migrate(): Promise<void>;
  /** Runs `work` while holding the start-up lock (seeding, secrets), so concurrent starts do not race. */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<Unlisten>;
  notify(channel: string, payload: string): Promise<void>;
  /** How the job queue (pg-boss) reaches this database. */
  readonly jobConnection: { connectionString: string } | { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const STARTUP_LOCK_KEY = 727_001;

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = dataDir === 'memory://' ? dataDir : path.resolve(dataDir, 'pglite');
  if (dir !== 'memory://') mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm, btree_gin } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    // One embedded connection serves one process: there is nobody to race.
    withStartupLock: (work) => work(),
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
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

function openPostgres(url: string): Database {
  // A LIMIT query over a seq scan (a capped count, a page of all SIMs) must not join another
  // session's synchronized scan half-way through the table: it then reads the other tenants' rows
  // first (measured: 30k rows → 720k rows, 11 ms → 414 ms for the same capped count).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c synchronize_seqscans=off' });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<pg.Client>();

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
    listen: async (channel, onMessage) => {
      // LISTEN needs a connection of its own, outside the pool.
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload !== undefined) onMessage(msg.payload);
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => undefined);
      };
    },
    notify: async (channel, payload) => {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    jobConnection: { connectionString: url },
    close: async () => {
      await Promise.all([...listeners].map((c) => c.end().catch(() => undefined)));
      await pool.end();
    },
  };
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
