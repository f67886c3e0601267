import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { hasLabel } from '../labels/index.js';

export interface EventRow {
  id: number | string;
  sim_id: number | string;
  iccid: string;
  type: string;
  at_s: number | string;
  at_us: number | string;
  actor_kind: string;
  actor_label: string | null;
  details: Record<string, string | number | boolean | null> | null;
}

export interface EventQuery {
  /** Companies whose events are asked; null: every company (root). */
  companies: number[] | null;
  simId?: number;
  iccid?: string;
  groupId?: number;
  label?: string;
  types?: readonly string[];
  from?: Date;
  to?: Date;
  /** Start after this event (keyset: its time in microseconds and id). */
  after?: { atMicros: bigint; id: number };
  limit: number;
}

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;
const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;

/**
 * Events newest first, by keyset (time, id). Each filter is a condition the indexes serve: per SIM
 * (sim_events_sim_idx), per company by time (…_company_time_idx) or by type (…_company_type_idx).
 */
export async function listEvents(db: Executor, query: EventQuery): Promise<EventRow[]> {
  const where: SQL[] = [];
  if (query.companies) where.push(query.companies.length === 1 ? sql`e.company_id = ${query.companies[0]}` : sql`e.company_id = any(${idArray(query.companies)})`);
  if (query.simId !== undefined) where.push(sql`e.sim_id = ${query.simId}`);
  if (query.iccid !== undefined) where.push(sql`e.sim_id in (select x.id from sims x where x.iccid = ${query.iccid})`);
  if (query.groupId !== undefined) {
    where.push(sql`exists (select 1 from sim_group_members g where g.company_id = e.company_id and g.group_id = ${query.groupId} and g.sim_id = e.sim_id)`);
  }
  if (query.label !== undefined) where.push(hasLabel(query.label, { alias: 'e', idColumn: 'sim_id' }));
  if (query.types?.length) where.push(query.types.length === 1 ? sql`e.type = ${query.types[0]}` : sql`e.type = any(${textArray(query.types)})`);
  if (query.from) where.push(sql`e.at >= ${query.from.toISOString()}::timestamptz`);
  if (query.to) where.push(sql`e.at < ${query.to.toISOString()}::timestamptz`);
  if (query.after) {
    where.push(sql`(e.at, e.id) < ('epoch'::timestamptz + ${query.after.atMicros.toString()}::bigint * interval '1 microsecond', ${query.after.id})`);
  }
  return queryRows<EventRow>(
    db,
    sql`
    select e.id, e.sim_id, s.iccid, e.type, extract(epoch from e.at)::bigint as at_s,
           (extract(epoch from e.at) * 1000000)::bigint as at_us, e.actor_kind, e.actor_label, e.details
    from sim_events e join sims s on s.id = e.sim_id
    where ${where.length ? sql.join(where, sql` and `) : sql`true`}
    order by e.at desc, e.id desc
    limit ${query.limit}`,
  );
}

/**
 * Deletes events of `table` (sim_events, or one of its partitions) older than `before`, at most
 * `batch` of them (the oldest first, by the age index), so a long backlog is cleared in short
 * statements. Answers how many went.
 */
export async function deleteEventsBefore(db: Executor, table: string, before: Date, batch: number): Promise<number> {
  const name = sql.identifier(table);
  const rows = await queryRows<{ n: number }>(
    db,
    sql`
    with gone as (
      delete from ${name} e using (
        select company_id, id, at from ${name} where at < ${before.toISOString()}::timestamptz order by at limit ${batch}
      ) old where e.company_id = old.company_id and e.id = old.id and e.at = old.at
      returning 1)
    select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}
