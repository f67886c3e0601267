import { sql } from 'drizzle-orm';
import type { UNCHANGED_REASONS } from '@cab/contract/queue';
import type { SimEditCounts, SimEditLine } from '@cab/contract/sim-edit';
import { queryRows, type Executor } from '../../../db/client.js';
import type { CompanyScope } from '../../accounts/companies/index.js';

type Bigint = number | string;
type UnchangedOutcome = (typeof UNCHANGED_REASONS)[number];
/** One item's lines: the item's company and queue id. */
export interface EditRef {
  companyId: number;
  queueId: number;
}
/** A line as stored, with the SIM it names (null: none of the user's). */
export interface StoredLine {
  line: number;
  iccid: string;
  simId: number | null;
  name: string | null;
  externalId: string | null;
  labels: string[] | null;
  status: string;
  reason: string | null;
}

/** A pending line, and whether the SIM has every value it gives already. */
export interface PendingLine extends StoredLine {
  unchanged: boolean;
}

/** The per-SIM outcome of a line that changes nothing (a queue UNCHANGED_REASONS entry): its line says unchanged. */
export const UNCHANGED_LINE = 'sim_unchanged' satisfies UnchangedOutcome;

const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;
/** Rows written per statement: bounds one statement's size for a 50,000-line file. */
const CHUNK = 5000;

/** The SIMs the ICCIDs name and whether the user's companies hold them (root's scope is every company). */
export async function findSimsByIccid(db: Executor, iccids: string[], scope: CompanyScope): Promise<Map<string, { simId: number; visible: boolean }>> {
  const found = new Map<string, { simId: number; visible: boolean }>();
  for (let at = 0; at < iccids.length; at += CHUNK) {
    const part = iccids.slice(at, at + CHUNK);
    const rows = await queryRows<{ id: Bigint; company_id: Bigint; iccid: string }>(
      db,
      sql`select id, company_id, iccid from sims where iccid = any(${`{${part.join(',')}}`}::text[])`,
    );
    for (const row of rows) found.set(row.iccid, { simId: Number(row.id), visible: scope === null || scope.includes(Number(row.company_id)) });
  }
  return found;
}

export async function insertLines(tx: Executor, ref: EditRef, lines: StoredLine[]): Promise<void> {
  for (let at = 0; at < lines.length; at += CHUNK) {
    const rows = lines.slice(at, at + CHUNK).map((l) => ({
      line: l.line, iccid: l.iccid, sim_id: l.simId, name: l.name, external_id: l.externalId, labels: l.labels, status: l.status, reason: l.reason,
    }));
    await tx.execute(sql`
      insert into sim_edit_lines (company_id, queue_id, line, iccid, sim_id, name, external_id, labels, status, reason)
      select ${ref.companyId}, ${ref.queueId}, t.line, t.iccid, t.sim_id, t.name, t.external_id,
        case when t.labels is null then null else array(select jsonb_array_elements_text(t.labels)) end, t.status, t.reason
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as t(line int, iccid text, sim_id bigint, name text, external_id text, labels jsonb, status text, reason text)`);
  }
}

/** The pending lines of the claimed SIMs (one per SIM: a repeated SIM's later lines are duplicates). */
export async function pendingLines(db: Executor, ref: EditRef, simIds: number[]): Promise<PendingLine[]> {
  if (simIds.length === 0) return [];
  const rows = await queryRows<{
    line: number;
    iccid: string;
    sim_id: Bigint;
    name: string | null;
    external_id: string | null;
    labels: string[] | null;
    status: string;
    reason: string | null;
    unchanged: boolean;
  }>(
    db,
    // Unchanged: every value the line gives is the SIM's already ('' and no name alike; labels as a set).
    sql`select l.line, l.iccid, l.sim_id, l.name, l.external_id, l.labels, l.status, l.reason,
        (l.name is null or nullif(l.name, '') is not distinct from nullif(s.name, ''))
        and (l.external_id is null or nullif(l.external_id, '') is not distinct from nullif(s.external_id, ''))
        and (l.labels is null or array(select distinct x from unnest(l.labels) x order by x)
             = array(select sl.label from sim_labels sl where sl.company_id = s.company_id and sl.sim_id = s.id order by sl.label)) as unchanged
      from sim_edit_lines l join sims s on s.id = l.sim_id
      where l.company_id = ${ref.companyId} and l.queue_id = ${ref.queueId} and l.sim_id = any(${idArray(simIds)}) and l.status = 'pending'`,
  );
  return rows.map((r) => ({
    line: r.line,
    iccid: r.iccid,
    simId: Number(r.sim_id),
    name: r.name,
    externalId: r.external_id,
    labels: r.labels,
    status: r.status,
    reason: r.reason,
    unchanged: r.unchanged,
  }));
}

/** How many labels each SIM's company has, and which of `labels` each already knows. */
export async function companyLabelUse(db: Executor, simIds: number[], labels: string[]): Promise<Map<number, { companyId: number; count: number; known: Set<string> }>> {
  if (simIds.length === 0) return new Map();
  const rows = await queryRows<{ company_id: Bigint; count: number; known: string[] | null }>(
    db,
    sql`select c.company_id, (select count(distinct l.label)::int from sim_labels l where l.company_id = c.company_id) as count,
        (select array_agg(distinct l.label) from sim_labels l where l.company_id = c.company_id and l.label in (select jsonb_array_elements_text(${JSON.stringify(labels)}::jsonb))) as known
      from (select distinct company_id from sims where id = any(${idArray(simIds)})) c`,
  );
  return new Map(rows.map((r) => [Number(r.company_id), { companyId: Number(r.company_id), count: r.count, known: new Set(r.known ?? []) }]));
}

/** The company of each SIM. */
export async function simCompanies(db: Executor, simIds: number[]): Promise<Map<number, number>> {
  if (simIds.length === 0) return new Map();
  const rows = await queryRows<{ id: Bigint; company_id: Bigint }>(db, sql`select id, company_id from sims where id = any(${idArray(simIds)})`);
  return new Map(rows.map((r) => [Number(r.id), Number(r.company_id)]));
}

/**
 * Inside the run's transaction: sets what the lines of `simIds` ask (name and external id: '' clears,
 * null leaves; labels replace the SIM's own, in the SIM's company) and marks those lines ok.
 */
export async function applyLines(tx: Executor, ref: EditRef, simIds: number[]): Promise<void> {
  if (simIds.length === 0) return;
  const lines = sql`(select * from sim_edit_lines where company_id = ${ref.companyId} and queue_id = ${ref.queueId}
    and sim_id = any(${idArray(simIds)}) and status = 'pending')`;
  await tx.execute(sql`
    update sims s set
      name = case when l.name is null then s.name else nullif(l.name, '') end,
      external_id = case when l.external_id is null then s.external_id else nullif(l.external_id, '') end,
      updated_at = now()
    from ${lines} l where s.id = l.sim_id and (l.name is not null or l.external_id is not null)`);
  await tx.execute(sql`
    delete from sim_labels sl using ${lines} l, sims s
    where l.labels is not null and s.id = l.sim_id and sl.company_id = s.company_id and sl.sim_id = s.id`);
  await tx.execute(sql`
    insert into sim_labels (company_id, label, sim_id)
    select s.company_id, label, s.id from ${lines} l join sims s on s.id = l.sim_id cross join unnest(l.labels) as label
    on conflict do nothing`);
  await tx.execute(sql`
    update sim_edit_lines set status = 'ok' where company_id = ${ref.companyId} and queue_id = ${ref.queueId}
      and sim_id = any(${idArray(simIds)}) and status = 'pending'`);
}

/** Marks the pending lines of SIMs the run refused, with why. */
export async function refuseLines(tx: Executor, ref: EditRef, refused: Array<{ simId: number; reason: string }>): Promise<void> {
  if (refused.length === 0) return;
  await tx.execute(sql`
    update sim_edit_lines l set status = case when t.reason = ${UNCHANGED_LINE} then 'unchanged' else 'invalid' end,
      reason = case when t.reason = ${UNCHANGED_LINE} then null else t.reason end
    from jsonb_to_recordset(${JSON.stringify(refused.map((r) => ({ sim_id: r.simId, reason: r.reason })))}::jsonb) as t(sim_id bigint, reason text)
    where l.company_id = ${ref.companyId} and l.queue_id = ${ref.queueId} and l.sim_id = t.sim_id and l.status = 'pending'`);
}

export async function countLines(db: Executor, ref: EditRef): Promise<SimEditCounts> {
  const rows = await queryRows<{ status: string; n: number }>(db, sql`
    select status, count(*)::int as n from sim_edit_lines where company_id = ${ref.companyId} and queue_id = ${ref.queueId} group by status`);
  const counts: SimEditCounts = { lines: 0, pending: 0, ok: 0, unknown_iccid: 0, other_company: 0, invalid: 0, duplicate: 0, unchanged: 0 };
  for (const row of rows) {
    counts.lines += row.n;
    if (row.status in counts) counts[row.status as keyof SimEditCounts] += row.n;
  }
  return counts;
}

/** The item's lines in file order, all or only those left out; a page of them, or all (`size` null). */
export async function listLines(db: Executor, ref: EditRef, options: { problems: boolean; page: number; size: number | null }): Promise<{ total: number; items: SimEditLine[] }> {
  const where = sql`company_id = ${ref.companyId} and queue_id = ${ref.queueId}${options.problems ? sql` and status not in ('pending', 'ok', 'unchanged')` : sql``}`;
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from sim_edit_lines where ${where}`);
  const page = options.size === null ? sql`` : sql` limit ${options.size} offset ${options.page * options.size}`;
  const items = await queryRows<SimEditLine>(db, sql`select line, iccid, status, reason from sim_edit_lines where ${where} order by line${page}`);
  return { total: total?.n ?? 0, items };
}
