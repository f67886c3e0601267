import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, databaseOverPglite, openDatabase, type Database } from '../../src/db/client.js';
import { createSealer } from '../../src/auth/sealing.js';
import { seedDemo } from '../../src/seed/demo.js';

/*
 * Migrating and seeding the demo took most of every test file's start (PGlite: ~8 of ~10 s, times
 * ~90 files). It is done once per run here; each file then starts from a copy: PGlite loads a dump
 * of the data folder, PostgreSQL creates its database from a template.
 */

export const SNAPSHOT_PASSWORD = 'demo-test-password';
/** SIM_KEYS_SECRET of the tests: the seed seals the demo stock's keys with it, test apps and processes open them. */
export const TEST_SIM_KEYS_SECRET = 'test-sim-keys-secret-of-at-least-32-characters';
export type SnapshotKind = 'seeded' | 'migrated';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshots: Record<SnapshotKind, string> | null;
    /** When the demo was seeded (unix seconds): its rows are dated from then. */
    seededAt: number;
  }
}

/**
 * The server's maintenance database and the template's name, for a PostgreSQL URL. Templates are
 * named after the run's base database (a worker's own database is `<base>_w<n>`: worker-database.ts).
 */
function templateOf(url: string, kind: SnapshotKind): { admin: string; database: string; template: string } {
  const parsed = new URL(url);
  const database = parsed.pathname.slice(1);
  const base = new URL(process.env.TEST_DATABASE_BASE_URL ?? url).pathname.slice(1);
  parsed.pathname = '/postgres';
  return { admin: parsed.toString(), database, template: `${base}_${kind}_template` };
}

async function onMaintenance<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Migrates, and seeds the demo for `seeded`: then tells the tests when the seed's clock read. */
async function prepare(project: TestProject, kind: SnapshotKind, database: Database): Promise<void> {
  await database.migrate();
  if (kind !== 'seeded') return;
  project.provide('seededAt', Math.floor(Date.now() / 1000));
  await seedDemo(database.db, SNAPSHOT_PASSWORD, createSealer(TEST_SIM_KEYS_SECRET), { usageDays: 0 });
}

/** Vitest globalSetup: the snapshots of this run; the returned function removes them. */
export default async function makeSnapshots(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  const kinds: SnapshotKind[] = ['migrated', 'seeded'];
  if (!url) {
    const files = {} as Record<SnapshotKind, string>;
    for (const kind of kinds) {
      const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
      await prepare(project, kind, databaseOverPglite(client));
      const dump = await client.dumpDataDir('none');
      await client.close();
      files[kind] = path.join(tmpdir(), `cab-test-${kind}-${process.pid}.tar`);
      writeFileSync(files[kind], Buffer.from(await dump.arrayBuffer()));
    }
    project.provide('pgliteSnapshots', files);
    return () => {
      for (const file of Object.values(files)) rmSync(file, { force: true });
      return Promise.resolve();
    };
  }
  project.provide('pgliteSnapshots', null);
  for (const kind of kinds) {
    const { admin, template } = templateOf(url, kind);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    await onMaintenance(admin, async (client) => {
      await client.query(`drop database if exists "${template}" with (force)`);
      await client.query(`create database "${template}"`);
    });
    const database = await openDatabase({ databaseUrl: templateUrl.toString(), dataDir: 'memory://', log: () => undefined });
    await prepare(project, kind, database);
    await database.close();
  }
  return async () => {
    const { admin } = templateOf(url, 'seeded');
    const base = new URL(url).pathname.slice(1);
    await onMaintenance(admin, async (client) => {
      for (const kind of kinds) await client.query(`drop database if exists "${templateOf(url, kind).template}" with (force)`);
      // The workers' own databases (worker-database.ts).
      const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${base}\\_w%`]);
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    });
  };
}

/** The name of the run's template database of a kind (on PostgreSQL), e.g. to copy into a side database. */
export function templateName(url: string, kind: SnapshotKind): string {
  return templateOf(url, kind).template;
}

/** PostgreSQL: the database under test becomes a fresh copy of the run's template. */
export async function restorePostgres(url: string, kind: SnapshotKind): Promise<void> {
  const { admin, database, template } = templateOf(url, kind);
  await onMaintenance(admin, async (client) => {
    await client.query(`drop database if exists "${database}" with (force)`);
    await client.query(`create database "${database}" template "${template}"`);
  });
}

/** PGlite: an in-memory database opened from the run's dump. */
export async function restorePglite(file: string): Promise<Database> {
  const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([readFileSync(file)]) });
  return databaseOverPglite(client);
}
