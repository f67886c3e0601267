import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { TimeKey } from '../../../formats/time-cursor.js';
import type { CompanyScope } from '../../accounts/companies/index.js';

export interface InboxRow {
  id: number;
  company_id: number;
  sim_id: number;
  iccid: string;
  msisdn: string | null;
  sim_name: string | null;
  direction: string;
  peer: string | null;
  text: string;
  status: string;
  detail: string | null;
  queue_id: number | null;
  created: number;
  updated: number;
  /** created_at in µs since the epoch, exact (the keyset's first half). */
  at_us: string;
}

/** A resolved, bounded search: the range is [fromTs, toTs) and always given. */
export interface InboxCriteria {
  scope: CompanyScope;
  /** Only these SIMs (the `sim` filter resolved); null: every SIM in scope. */
  simIds: number[] | null;
  direction?: string | undefined;
  status?: string | undefined;
  fromTs: Date;
  toTs: Date;
  q?: string | undefined;
}

/** LIKE metacharacters in user input match themselves. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function inboxWhere(criteria: InboxCriteria, after: TimeKey | null): SQL {
  const { scope, simIds } = criteria;
  const parts: SQL[] = [sql`m.created_at >= ${criteria.fromTs.toISOString()}::timestamptz`, sql`m.created_at < ${criteria.toTs.toISOString()}::timestamptz`];
  if (scope) parts.push(scope.length === 0 ? sql`false` : sql`m.company_id = any(${`{${scope.join(',')}}`}::bigint[])`);
  if (simIds) parts.push(simIds.length === 0 ? sql`false` : sql`m.sim_id = any(${`{${simIds.join(',')}}`}::bigint[])`);
  if (criteria.direction) parts.push(sql`m.direction = ${criteria.direction}`);
  if (criteria.status) parts.push(sql`m.status = ${criteria.status}`);
  if (criteria.q) {
    const pattern = `%${likeEscape(criteria.q)}%`;
    parts.push(sql`(m.text ilike ${pattern} or m.peer ilike ${pattern})`);
  }
  if (after) parts.push(sql`(m.created_at, m.id) < (timestamptz 'epoch' + ${after.atUs}::bigint * interval '1 microsecond', ${after.id})`);
  return sql.join(parts, sql` and `);
}

/**
 * One page of messages, newest first, by keyset (created_at, id): sms_messages_time_idx answers a
 * company's range in order, and a page reads at most `limit` rows past the filters.
 */
export async function listInbox(db: Executor, criteria: InboxCriteria, after: TimeKey | null, limit: number): Promise<InboxRow[]> {
  return queryRows<InboxRow>(db, sql`
    select m.id::int as id, m.company_id::int as company_id, m.sim_id::int as sim_id, s.iccid, s.msisdn, s.name as sim_name,
      m.direction, m.peer, m.text, m.status, m.detail, m.queue_id::int as queue_id,
      extract(epoch from m.created_at)::int as created, extract(epoch from m.updated_at)::int as updated,
      (extract(epoch from m.created_at) * 1000000)::bigint::text as at_us
    from sms_messages m join sims s on s.id = m.sim_id
    where ${inboxWhere(criteria, after)}
    order by m.created_at desc, m.id desc limit ${limit}`);
}

/** How many messages match, counting no further than `cap` (an export's bound). */
export async function countInbox(db: Executor, criteria: InboxCriteria, cap: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`
    select count(*)::int as n from (select 1 from sms_messages m where ${inboxWhere(criteria, null)} limit ${cap}) t`);
  return Number(rows[0]?.n ?? 0);
}

/** The SIMs in scope with this exact ICCID or number (a number may, rarely, be on two). */
export async function findSimIds(db: Executor, scope: CompanyScope, iccidOrNumber: string): Promise<number[]> {
  const inScope = scope ? (scope.length ? sql`and company_id = any(${`{${scope.join(',')}}`}::bigint[])` : sql`and false`) : sql``;
  const rows = await queryRows<{ id: number }>(db, sql`
    select id::int as id from sims where (iccid = ${iccidOrNumber} or msisdn = ${iccidOrNumber}) ${inScope} limit 10`);
  return rows.map((r) => Number(r.id));
}
