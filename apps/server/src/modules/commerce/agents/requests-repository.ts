import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

export interface RequestRow {
  id: number;
  company_id: number;
  agent_name: string;
  amount_cents: string | number;
  state: string;
  method: string;
  iban: string | null;
  holder: string | null;
  details: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = sql`r.id::int as id, r.company_id::int as company_id, c.name as agent_name, r.amount_cents, r.state, r.method,
  r.iban, r.holder, r.details, r.created_at, r.updated_at`;

export async function insertRequest(
  tx: Executor,
  row: { companyId: number; amountCents: number; method: string; iban: string | null; holder: string | null; details: string | null; createdBy: number },
): Promise<number> {
  const [created] = await queryRows<{ id: number }>(tx, sql`
    insert into withdrawal_requests (company_id, amount_cents, state, method, iban, holder, details, created_by)
    values (${row.companyId}, ${row.amountCents}, 'awaiting', ${row.method}, ${row.iban}, ${row.holder}, ${row.details}, ${row.createdBy})
    returning id::int as id`);
  if (!created) throw new Error('request insert returned nothing');
  return created.id;
}

/** A request the caller may see: `agentCompanyId` null is root (any agent). */
export async function findRequest(db: Executor, id: number, agentCompanyId: number | null): Promise<RequestRow | undefined> {
  const scope = agentCompanyId === null ? sql`true` : sql`r.company_id = ${agentCompanyId}`;
  const [row] = await queryRows<RequestRow>(db, sql`
    select ${COLUMNS} from withdrawal_requests r join companies c on c.id = r.company_id where r.id = ${id} and ${scope}`);
  return row;
}

/**
 * Moves a request from one of `from` to `to` in one statement: of two concurrent transitions only
 * one finds the request still in its state, the other changes nothing.
 */
export async function moveRequest(tx: Executor, companyId: number, id: number, from: readonly string[], to: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`
    update withdrawal_requests set state = ${to}, updated_at = now()
    where company_id = ${companyId} and id = ${id} and state = any(${`{${from.join(',')}}`}::text[])
    returning id::int as id`);
  return rows.length > 0;
}

export async function insertEvent(
  tx: Executor,
  row: { companyId: number; requestId: number; action: string | null; fromState: string | null; toState: string; side: string; actorId: number; comment: string | null; attachmentId: number | null },
): Promise<void> {
  await tx.execute(sql`
    insert into withdrawal_events (company_id, request_id, action, from_state, to_state, side, actor_id, comment, attachment_id)
    values (${row.companyId}, ${row.requestId}, ${row.action}, ${row.fromState}, ${row.toState}, ${row.side}, ${row.actorId}, ${row.comment}, ${row.attachmentId})`);
}

export async function insertFile(
  tx: Executor,
  row: { companyId: number; requestId: number; name: string; type: string; bytes: number; storageKey: string },
): Promise<number> {
  const [created] = await queryRows<{ id: number }>(tx, sql`
    insert into withdrawal_files (company_id, request_id, name, type, bytes, storage_key)
    values (${row.companyId}, ${row.requestId}, ${row.name}, ${row.type}, ${row.bytes}, ${row.storageKey}) returning id::int as id`);
  if (!created) throw new Error('file insert returned nothing');
  return created.id;
}

export interface EventRow {
  id: number;
  created_at: Date | string;
  action: string | null;
  from_state: string | null;
  to_state: string;
  side: string;
  first_name: string | null;
  last_name: string | null;
  comment: string | null;
  file_id: number | null;
  file_name: string | null;
  file_type: string | null;
  file_bytes: number | null;
}

export async function listEvents(db: Executor, companyId: number, requestId: number): Promise<EventRow[]> {
  return queryRows<EventRow>(db, sql`
    select e.id::int as id, e.created_at, e.action, e.from_state, e.to_state, e.side, u.first_name, u.last_name, e.comment,
           f.id::int as file_id, f.name as file_name, f.type as file_type, f.bytes as file_bytes
    from withdrawal_events e
    left join users u on u.id = e.actor_id
    left join withdrawal_files f on f.company_id = e.company_id and f.id = e.attachment_id
    where e.company_id = ${companyId} and e.request_id = ${requestId}
    order by e.id`);
}

export async function findFile(
  db: Executor,
  fileId: number,
  agentCompanyId: number | null,
): Promise<{ id: number; request_id: number; type: string; storage_key: string } | undefined> {
  const scope = agentCompanyId === null ? sql`true` : sql`company_id = ${agentCompanyId}`;
  const [row] = await queryRows<{ id: number; request_id: number; type: string; storage_key: string }>(db, sql`
    select id::int as id, request_id::int as request_id, type, storage_key from withdrawal_files where id = ${fileId} and ${scope}`);
  return row;
}

export async function listRequests(
  db: Executor,
  query: { agentCompanyId: number | null; state?: string; agent?: number; from?: number; to?: number; page: number; size: number },
): Promise<{ rows: RequestRow[]; total: number }> {
  const parts: SQL[] = [query.agentCompanyId === null ? sql`true` : sql`r.company_id = ${query.agentCompanyId}`];
  if (query.state !== undefined) parts.push(sql`r.state = ${query.state}`);
  if (query.agent !== undefined) parts.push(sql`r.company_id = ${query.agent}`);
  if (query.from !== undefined) parts.push(sql`r.created_at >= to_timestamp(${query.from})`);
  if (query.to !== undefined) parts.push(sql`r.created_at < to_timestamp(${query.to})`);
  const where = sql.join(parts, sql` and `);
  const rows = await queryRows<RequestRow>(db, sql`
    select ${COLUMNS} from withdrawal_requests r join companies c on c.id = r.company_id
    where ${where} order by r.created_at desc, r.id desc limit ${query.size} offset ${query.page * query.size}`);
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from withdrawal_requests r where ${where}`);
  return { rows, total: Number(count?.n ?? 0) };
}
