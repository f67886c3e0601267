import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { deleteExpiredSimEvents } from '../src/modules/sims/events/index.js';
import { RAW_RETENTION_MONTHS, usageHousekeeping } from '../src/modules/sims/usage/records-repository.js';
import { createSideDatabase, type SideDatabase } from './support/side-database.js';
import { testDatabaseUrl } from './support/test-app.js';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
/** The migration that partitions the tables (0038_usage_partitions). */
const PARTITIONING_MIGRATION = 38;
const DAY_MS = 86_400_000;

/** `months` calendar months before (negative: after) `at`, in UTC. */
function monthsBefore(at: Date, months: number): Date {
  const moved = new Date(at);
  moved.setUTCMonth(moved.getUTCMonth() - months);
  return moved;
}

/** The migrations folder up to, not including, `idx`. */
async function migrationsBefore(idx: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

async function count(db: Database['db'], query: ReturnType<typeof sql>): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, query);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Usage and the event log partitioned by time with pg_partman (issue 26.2): an install with data
 * migrates in place while a cabinet writes to it, and retention drops whole partitions, never a row
 * newer than its cutoff.
 */
describe.skipIf(!testDatabaseUrl)('time partitions with pg_partman (PostgreSQL only: needs TEST_DATABASE_URL)', () => {
  let side: SideDatabase;
  let database: Database;
  const now = new Date();
  /** Rows written before the migration, by table. */
  const before = { sessions: 0, events: 0, simEvents: 0 };
  let writtenDuringMigration = 0;

  beforeAll(async () => {
    side = await createSideDatabase(testDatabaseUrl ?? '', 'partitions', 'empty');
    const older = await migrationsBefore(PARTITIONING_MIGRATION);
    const pool = new pg.Pool({ connectionString: side.url, max: 2 });
    try {
      await migrate(drizzle(pool), { migrationsFolder: older });
      // Two years of usage (a record every 3 days) and 40 days of events, as an install has them.
      await pool.query(`
        insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, rat, operator, country)
        select 1, 1 + i % 5, 'old:' || i, now() - i * interval '3 days', now() - i * interval '3 days' + interval '5 minutes', '4G', '250-01', 'RU'
        from generate_series(0, 240) i`);
      await pool.query(`
        insert into usage_events (company_id, sim_id, record_key, kind, direction, peer, started_at, operator, country)
        select 1, 1 + i % 5, 'old:' || i, 'sms', 'out', '79990000000', now() - i * interval '3 days', '250-01', 'RU'
        from generate_series(0, 240) i`);
      await pool.query(`
        insert into sim_events (company_id, sim_id, type, at, actor_kind)
        select 1, 1, 'attach', now() - i * interval '1 day', 'network' from generate_series(0, 39) i`);
      before.sessions = 241;
      before.events = 241;
      before.simEvents = 40;
    } finally {
      await pool.end();
      await rm(older, { recursive: true, force: true });
    }

    // A cabinet of the old version goes on recording usage while the new one migrates.
    database = await openDatabase({ databaseUrl: side.url, dataDir: 'memory://' });
    const writer = new pg.Client({ connectionString: side.url });
    await writer.connect();
    let writing = true;
    const written = (async () => {
      for (let i = 0; writing && i < 2000; i++) {
        await writer.query(
          `insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, rat, operator, country)
           values (1, 1, $1, now(), now(), '4G', '250-01', 'RU')`,
          [`during:${i}`],
        );
        writtenDuringMigration += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await database.migrate();
    await new Promise((resolve) => setTimeout(resolve, 100));
    writing = false;
    await written;
    await writer.end();
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await side?.drop();
  });

  it('migrates in place: the tables are partitioned, no row is lost, the old table is the first partition and partitions exist ahead', async () => {
    const db = database.db;
    const kinds = await queryRows<{ relname: string; relkind: string }>(
      db,
      sql`select relname, relkind::text from pg_class where relname in ('usage_sessions', 'usage_events', 'sim_events') order by relname`,
    );
    expect(kinds).toEqual([
      { relname: 'sim_events', relkind: 'p' },
      { relname: 'usage_events', relkind: 'p' },
      { relname: 'usage_sessions', relkind: 'p' },
    ]);
    expect(writtenDuringMigration).toBeGreaterThan(0);
    expect(await count(db, sql`select count(*)::int as n from usage_sessions`)).toBe(before.sessions + writtenDuringMigration);
    expect(await count(db, sql`select count(*)::int as n from usage_events`)).toBe(before.events);
    expect(await count(db, sql`select count(*)::int as n from sim_events`)).toBe(before.simEvents);
    // Every row written before the migration sits in the legacy partition: nothing was copied.
    expect(await count(db, sql`select count(*)::int as n from usage_sessions_legacy where record_key like 'old:%'`)).toBe(before.sessions);

    // Made ahead: the month four months from now, the day a week from now.
    const ahead = await queryRows<{ name: string }>(db, sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'usage_sessions'::regclass`);
    const inFourMonths = monthsBefore(now, -4);
    expect(ahead.map((r) => r.name)).toContain(`usage_sessions_p${inFourMonths.getUTCFullYear()}_${String(inFourMonths.getUTCMonth() + 1).padStart(2, '0')}`);
    const inAWeek = new Date(now.getTime() + 7 * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '_');
    expect(await count(db, sql`select count(*)::int as n from pg_class where relname = ${`sim_events_p${inAWeek}`}`)).toBe(1);

    // A record of next month goes to next month's partition, and a second delivery of it adds nothing.
    const nextMonth = monthsBefore(now, -1);
    const insert = sql`
      insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, rat, operator, country)
      values (1, 1, 'next', ${nextMonth.toISOString()}::timestamptz, ${nextMonth.toISOString()}::timestamptz, '4G', '250-01', 'RU')
      on conflict (company_id, record_key, started_at) do nothing
      returning tableoid::regclass::text as part`;
    const [first] = await queryRows<{ part: string }>(db, insert);
    expect(first?.part).toBe(`usage_sessions_p${nextMonth.getUTCFullYear()}_${String(nextMonth.getUTCMonth() + 1).padStart(2, '0')}`);
    expect(await queryRows(db, insert)).toEqual([]);
  });

  it("retention deletes the old install's rows past 18 months one by one and keeps the newer ones in its partition", async () => {
    const db = database.db;
    const cutoff = monthsBefore(now, RAW_RETENTION_MONTHS);
    const newer = sql`select count(*)::int as n from usage_sessions_legacy where started_at >= ${cutoff.toISOString()}::timestamptz`;
    const newerBefore = await count(db, newer);
    const result = await usageHousekeeping(db, now);
    expect(result.raw).toBeGreaterThan(0);
    expect(result.partitions).toEqual([]);
    expect(await count(db, newer)).toBe(newerBefore);
    expect(await count(db, sql`select count(*)::int as n from usage_sessions where started_at < ${cutoff.toISOString()}::timestamptz`)).toBe(0);

    const eventsCutoff = new Date(now.getTime() - 30 * DAY_MS);
    const newerEvents = sql`select count(*)::int as n from sim_events where at >= ${eventsCutoff.toISOString()}::timestamptz`;
    const newerEventsBefore = await count(db, newerEvents);
    const events = await deleteExpiredSimEvents(db, now);
    expect(events.rows).toBe(before.simEvents - newerEventsBefore);
    expect(await count(db, newerEvents)).toBe(newerEventsBefore);
  });

  it('on a new install retention drops whole partitions past 18 months (30 days for events) and no row newer than that', async () => {
    const fresh = await createSideDatabase(testDatabaseUrl ?? '', 'partitions_new', 'migrated');
    const other = await openDatabase({ databaseUrl: fresh.url, dataDir: 'memory://' });
    try {
      const db = other.db;
      // A record a day over the last 18 months; three months on, the first months are past retention.
      await db.execute(sql`
        insert into usage_sessions (company_id, sim_id, record_key, started_at, ended_at, rat, operator, country)
        select 1, 1, 'day:' || i, now() - i * interval '1 day', now() - i * interval '1 day', '4G', '250-01', 'RU'
        from generate_series(0, 540) i`);
      await db.execute(sql`
        insert into sim_events (company_id, sim_id, type, at, actor_kind)
        select 1, 1, 'attach', now() - i * interval '1 hour', 'network' from generate_series(0, 30 * 24) i`);
      const later = monthsBefore(now, -3);
      const cutoff = monthsBefore(later, RAW_RETENTION_MONTHS);
      const newer = sql`select count(*)::int as n from usage_sessions where started_at >= ${cutoff.toISOString()}::timestamptz`;
      const newerBefore = await count(db, newer);
      const partitions = sql`select count(*)::int as n from pg_inherits where inhparent = 'usage_sessions'::regclass`;
      const partitionsBefore = await count(db, partitions);

      const result = await usageHousekeeping(db, later);

      expect(result.partitions.length).toBeGreaterThanOrEqual(2);
      expect(result.partitions.every((name) => /^usage_(sessions|events)_p\d{4}_\d{2}$/.test(name))).toBe(true);
      expect(await count(db, partitions)).toBeLessThan(partitionsBefore);
      expect(result.raw).toBe(0);
      expect(await count(db, newer)).toBe(newerBefore);
      // What is older than the cutoff lies only in the month that holds the cutoff, dropped when it ends.
      const monthOfCutoff = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth(), 1));
      expect(await count(db, sql`select count(*)::int as n from usage_sessions where started_at < ${monthOfCutoff.toISOString()}::timestamptz`)).toBe(0);

      const eventsLater = new Date(now.getTime() + 3 * DAY_MS);
      const eventsCutoff = new Date(eventsLater.getTime() - 30 * DAY_MS);
      const newerEvents = sql`select count(*)::int as n from sim_events where at >= ${eventsCutoff.toISOString()}::timestamptz`;
      const newerEventsBefore = await count(db, newerEvents);
      const events = await deleteExpiredSimEvents(db, eventsLater);
      expect(events.partitions.length).toBeGreaterThanOrEqual(2);
      expect(events.partitions.every((name) => /^sim_events_p\d{4}_\d{2}_\d{2}$/.test(name))).toBe(true);
      expect(await count(db, newerEvents)).toBe(newerEventsBefore);
      expect(await count(db, sql`select count(*)::int as n from sim_events where at < ${new Date(eventsCutoff.getTime() - DAY_MS).toISOString()}::timestamptz`)).toBe(0);
    } finally {
      await other.close();
      await fresh.drop();
    }
  }, 60_000);
});
