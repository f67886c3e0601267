import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../../apps/server/src/db/client.js';

/** Benchmarks use a database of their own on the machine's PostgreSQL, never the test one. */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/cabinet_bench';

export async function openBenchDatabase(databaseUrl = BENCH_DATABASE_URL): Promise<Database> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  await database.migrate();
  return database;
}

export async function countRows(database: Database, table: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Adds `count` SIMs to a company, set-based: ICCIDs with their Luhn digit, numbers, a name on two
 * SIMs of three ("Sensor …" on a third of them, so one substring hits about a third), every profile
 * and block type; with `imsiPrefix`, the IMSI prefix + the serial padded to 10 digits (as the RADIUS
 * sender addresses them; written with the row, not by an update that leaves every row a dead version).
 */
export async function insertSims(database: Database, companyId: number, firstSerial: number, count: number, imsiPrefix: string | null = null): Promise<void> {
  await database.db.execute(sql`
    insert into sims (company_id, iccid, msisdn, name, profile, block_type, msu_cents, package, limit_mb, balance_cents, external_id, imsi)
    select ${companyId},
           body || ((10 - (select sum(case when (19 - i) % 2 = 0 then (substr(body, i, 1)::int * 2) % 10 + (substr(body, i, 1)::int * 2) / 10
                                          else substr(body, i, 1)::int end) from generate_series(1, 19) i) % 10) % 10)::text,
           '79' || lpad(n::text, 9, '0'),
           case n % 3 when 0 then null when 1 then 'Sensor ' || n else 'Meter ' || n end,
           (array['TC','TD','BK','MS','MF'])[1 + n % 5],
           case when n % 8 = 7 then (array['voluntary','financial','violation','msu','package_expiry'])[1 + (n / 8) % 5] else 'none' end,
           case when n % 4 = 0 then 1500 end,
           case when n % 5 = 1 then '1GB/month' end,
           case when n % 5 = 0 then 500 end,
           case when n % 5 = 0 then 1000 end,
           case when n % 5 = 0 then 'EXT-' || n end,
           ${imsiPrefix}::text || lpad(n::text, 10, '0')
    from (select n, '89702' || lpad(n::text, 14, '0') as body
          from generate_series(${firstSerial}::bigint, ${firstSerial + count - 1}::bigint) n) g`);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A database of `url`'s name made afresh (dropped first if it is there), for a bench that owns it. */
export async function recreateBenchDatabase(url: string): Promise<void> {
  await onServer(url, async (admin, name) => {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  });
}

export async function dropBenchDatabase(url: string): Promise<void> {
  await onServer(url, (admin, name) => admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`));
}

async function onServer(url: string, work: (admin: pg.Client, name: string) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    await work(admin, new URL(url).pathname.slice(1));
  } finally {
    await admin.end();
  }
}
