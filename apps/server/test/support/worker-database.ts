import pg from 'pg';

/*
 * Vitest setup file: on PostgreSQL each worker gets a database of its own (`<name>_w<pool id>`), so
 * two files may run at a time. Files that start an app make it afresh from the run's templates, which
 * keep the base name (database-snapshot.ts); here it is only made to exist (from the migrated
 * template) for files that open it directly. PGlite needs nothing: every file has its own in memory.
 */
const base = process.env.TEST_DATABASE_BASE_URL ?? process.env.TEST_DATABASE_URL;
if (base) {
  process.env.TEST_DATABASE_BASE_URL = base;
  const url = new URL(base);
  const baseName = url.pathname.slice(1);
  const name = `${baseName}_w${process.env.VITEST_POOL_ID ?? '1'}`;
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}" template "${baseName}_migrated_template"`);
  } finally {
    await client.end();
  }
}
