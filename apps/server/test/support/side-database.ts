import pg from 'pg';
import { templateName, type SnapshotKind } from './database-snapshot.js';

/**
 * A database of its own on the test database's server, for tests that make PostgreSQL refuse a
 * whole database (ALTER DATABASE … ALLOW_CONNECTIONS false), which they cannot do to the database
 * their own admin connection lives in.
 */
export interface SideDatabase {
  url: string;
  /** New connections are refused with 55000 while false; open ones live on until terminated. */
  allowConnections(allow: boolean): Promise<void>;
  /** Ends every connection to the side database (pg_terminate_backend), as a restart does. */
  terminateBackends(): Promise<number>;
  /** Drops the database (open connections are ended) and closes the admin connection; once. */
  drop(): Promise<void>;
}

/**
 * Creates `<test database>_<suffix>` as a copy of the run's seeded template (a process started on it
 * finds the demo there instead of seeding 5,000 SIMs itself), of the migrated one, or empty; the
 * admin connection stays on the test database.
 */
export async function createSideDatabase(baseUrl: string, suffix: string, from: SnapshotKind | 'empty' = 'seeded'): Promise<SideDatabase> {
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1)}_${suffix}`;
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const quoted = pg.escapeIdentifier(name);
  await admin.query(`drop database if exists ${quoted} with (force)`);
  await admin.query(from === 'empty' ? `create database ${quoted}` : `create database ${quoted} template ${pg.escapeIdentifier(templateName(baseUrl, from))}`);
  let dropped = false;
  return {
    url: url.toString(),
    allowConnections: async (allow) => {
      await admin.query(`alter database ${quoted} allow_connections ${allow ? 'true' : 'false'}`);
    },
    terminateBackends: async () => {
      const result = await admin.query<{ ended: boolean }>(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return result.rows.filter((r) => r.ended).length;
    },
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await admin.query(`drop database if exists ${quoted} with (force)`);
      await admin.end();
    },
  };
}
