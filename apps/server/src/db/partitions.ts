import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from './client.js';
import { hasSqlState } from './connection-errors.js';

/** lock_not_available: the drop waited lock_timeout for readers of the table. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Time partitions (issue 26.2, migration 0038). On PostgreSQL with pg_partman, usage_sessions and
 * usage_events are partitioned by month and sim_events by day; pg_partman makes the partitions ahead
 * when a retention job calls `keepPartitionsFrom`, which also drops every partition wholly older than
 * the retention cutoff. Two kinds of partition can still hold rows past the cutoff next to newer ones,
 * and there the rows are deleted: `<table>_legacy` (the table as it was before the migration,
 * attached whole) and `<table>_default` (rows outside every partition, e.g. far in the future).
 * On PGlite (no pg_partman) the tables are plain and every old row is deleted.
 */
export interface PartitionRetention {
  /** Partitions dropped whole. */
  dropped: string[];
  /** The tables in which rows past the cutoff are to be deleted one by one. */
  rowTables: string[];
}

/** A partition drop waits at most this long for reports reading the table; else the next run drops it. */
const DROP_LOCK_TIMEOUT = '5s';

/**
 * Makes `table`'s partitions ahead and drops those that end at or before `cutoff`. Names come from
 * the code, never from a request.
 */
export async function keepPartitionsFrom(db: Executor, table: string, cutoff: Date): Promise<PartitionRetention> {
  const [kind] = await queryRows<{ partitioned: boolean; partman: string | null }>(
    db,
    sql`select exists (select 1 from pg_class where relname = ${table} and relkind = 'p' and relnamespace = 'public'::regnamespace) as partitioned,
               (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_partman') as partman`,
  );
  if (!kind?.partitioned) return { dropped: [], rowTables: [table] };
  if (kind.partman) {
    await db.execute(sql`select ${sql.identifier(kind.partman)}.run_maintenance(${`public.${table}`}, p_analyze := false)`);
  }
  const children = await queryRows<{ name: string; ends: string | null }>(
    db,
    sql`select c.relname as name,
               (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]::timestamptz::text as ends
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${`public.${table}`}::regclass`,
  );
  const dropped: string[] = [];
  for (const child of children) {
    if (child.ends === null || new Date(child.ends) > cutoff) continue;
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${DROP_LOCK_TIMEOUT}'`));
        await tx.execute(sql`drop table ${sql.identifier(child.name)}`);
      });
      dropped.push(child.name);
    } catch (error) {
      if (!hasSqlState(error, LOCK_NOT_AVAILABLE)) throw error;
    }
  }
  const left = new Set(children.map((c) => c.name).filter((name) => !dropped.includes(name)));
  return { dropped, rowTables: [`${table}_legacy`, `${table}_default`].filter((name) => left.has(name)) };
}
