import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileStoreFor, type FileStore } from '../../src/storage/file-store.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { startJobQueue } from '../../src/jobs/boss.js';
import { EventBus } from '../../src/realtime/bus.js';
import type PgBoss from 'pg-boss';
import { openDatabase, type Database } from '../../src/db/client.js';
import { inject } from 'vitest';
import { createSealer } from '../../src/auth/sealing.js';
import { seedDemo } from '../../src/seed/demo.js';
import { forgetAllCompanyRules } from '../../src/modules/sims/alerts/index.js';
import { SNAPSHOT_PASSWORD, TEST_SIM_KEYS_SECRET, restorePglite, restorePostgres, type SnapshotKind } from './database-snapshot.js';

export const DEMO_PASSWORD = SNAPSHOT_PASSWORD;
export const JWT_SECRET = 'test-secret-of-at-least-thirty-two-characters';

/** The database under test: PostgreSQL when TEST_DATABASE_URL is set, else an in-memory PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export interface TestApp extends BuiltApp {
  database: Database;
  bus: EventBus;
  jobs: PgBoss;
  config: Config;
  files: FileStore;
  /** The folder holding this app's file store (its own: files of one process share the OS temp dir). */
  filesDir: string;
  close(): Promise<void>;
}

/** Drops everything so each test file starts from an empty, freshly migrated database. */
export async function resetPostgres(database: Database): Promise<void> {
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists pgboss cascade`);
  // pg_partman's configuration names the partitioned tables: it goes with them (migration 0038).
  await database.db.execute(sql`drop extension if exists pg_partman cascade`);
  await database.db.execute(sql`drop schema if exists partman cascade`);
  await database.db.execute(sql`create schema public`);
}

export interface TestAppOptions {
  listen?: boolean;
  seed?: boolean;
  /** A built web client to serve (WEB_DIST); by default none, so the app is API-only. */
  webDist?: string;
  /** Extra configuration (e.g. queue and network settings). */
  env?: Record<string, string>;
  /** Another way to the PostgreSQL under test (e.g. through a DbGate); PGlite when neither is set. */
  databaseUrl?: string;
  /** A second API process on the database another test app prepared (PostgreSQL): no reset, migration or seed. */
  joinDatabase?: boolean;
}

/**
 * A fresh database for one test file, copied from the run's snapshot (database-snapshot.ts): migrated,
 * and unless `seed: false` with the demo seeded (without usage history: report tests write the usage
 * they check, seedDemoUsage adds the demo's).
 */
async function freshDatabase(databaseUrl: string | undefined, kind: SnapshotKind): Promise<Database> {
  if (!databaseUrl) {
    const dump = inject('pgliteSnapshots')?.[kind];
    if (dump) return restorePglite(dump);
  } else if (databaseUrl === testDatabaseUrl) {
    await restorePostgres(databaseUrl, kind);
    return openDatabase({ databaseUrl, dataDir: 'memory://' });
  }
  // Another way to the database (a gate in front of it) or no snapshot: migrate and seed here.
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  if (database.kind === 'postgres') await resetPostgres(database);
  await database.migrate();
  if (kind === 'seeded') await seedDemo(database.db, DEMO_PASSWORD, createSealer(TEST_SIM_KEYS_SECRET), { usageDays: 0 });
  return database;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // The worker's test files share its modules: no company's alert rules from another file's database.
  forgetAllCompanyRules();
  const databaseUrl = options.databaseUrl ?? testDatabaseUrl;
  const database = options.joinDatabase
    ? await openDatabase({ databaseUrl, dataDir: 'memory://' })
    : await freshDatabase(databaseUrl, options.seed === false ? 'migrated' : 'seeded');
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    JWT_SECRET,
    WEB_DIST: options.webDist ?? '/nonexistent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // No worker runs here, so operations never finish: only a test about the cap should meet it.
    QUEUE_MAX_RUNNING_PER_COMPANY: '1000',
    ...options.env,
  });
  const jobs = await startJobQueue(database, { works: false });
  const bus = new EventBus(database);
  const filesDir = mkdtempSync(path.join(tmpdir(), 'cab-test-files-'));
  const files = fileStoreFor('memory://', filesDir);
  const built = await buildApp({ config, database, jwtSecret: JWT_SECRET, sealer: createSealer(TEST_SIM_KEYS_SECRET), jobs, bus, files });
  await bus.listen();
  if (options.listen) await built.app.listen({ port: 0, host: '127.0.0.1' });
  else await built.app.ready();
  return {
    ...built,
    database,
    bus,
    jobs,
    config,
    files,
    filesDir,
    close: async () => {
      built.hub.closeAll();
      await built.app.close();
      await bus.close();
      await jobs.stop({ graceful: false, wait: true });
      await database.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string;
  lang?: 'ru' | 'en';
  headers?: Record<string, string>;
}

/** POSTs JSON the way the web client does: `?lang=` and a bearer token when given. */
export async function post(app: FastifyInstance, url: string, body?: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${url}?lang=${options.lang ?? 'en'}`,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

export async function get(app: FastifyInstance, url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `${url}?lang=${options.lang ?? 'en'}`,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });
}

export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD) {
  const response = await post(app, '/api/login', { email, password });
  if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.body}`);
  return response.json<{ result: { token: string; refresh_token: string; id: number } }>().result;
}

/**
 * The environment of a real server process (support/processes.ts) on the database under test, seeding
 * the demo itself, with `extra` on top (ROLE, network and queue settings, another DATABASE_URL).
 */
export function processEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { DATABASE_URL: testDatabaseUrl ?? '', SEED_DEMO: '1', JWT_SECRET, SIM_KEYS_SECRET: TEST_SIM_KEYS_SECRET, DEMO_PASSWORD, LOG_LEVEL: 'warn', ...extra };
}
