import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { announceSimEvents, recordSimEvents, type NewSimEvent } from '../../modules/sims/events/index.js';

/** One outgoing message's key: the SIM's company, the operation (queue item) and the SIM. */
export interface MessageKey {
  companyId: number;
  queueId: number;
  simId: number;
}

export interface OutgoingRow {
  company_id: number;
  sim_id: number;
  status: string;
  smsc_message_id: string | null;
  detail: string | null;
}

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

/** What earlier attempts of this operation recorded for these SIMs (sms_messages_queue_uq). */
export async function findOutgoing(db: Db, queueId: number, sims: ReadonlyArray<{ companyId: number; simId: number }>): Promise<OutgoingRow[]> {
  if (sims.length === 0) return [];
  const companies = [...new Set(sims.map((s) => s.companyId))];
  return queryRows(db, sql`
    select company_id::int as company_id, sim_id::int as sim_id, status, smsc_message_id, detail
    from sms_messages
    where company_id = any(${idArray(companies)}) and queue_id = ${queueId} and sim_id = any(${idArray(sims.map((s) => s.simId))})`);
}

/**
 * Records the messages before any submit_sm, one row per (company, operation, SIM): a second
 * attempt finds the row (findOutgoing) instead of sending again. Returns the SIMs whose row is new.
 */
export async function insertOutgoing(
  db: Db,
  message: { queueId: number; text: string; peer: string | null },
  sims: ReadonlyArray<{ companyId: number; simId: number }>,
): Promise<Set<number>> {
  const { rows, logged } = await db.transaction(async (tx) => {
    const inserted = await queryRows<{ sim_id: number; company_id: number }>(tx, sql`
      insert into sms_messages (company_id, sim_id, direction, queue_id, peer, text, status)
      select t.company_id, t.sim_id, 'out', ${message.queueId}, ${message.peer}, ${message.text}, 'queued'
      from unnest(${idArray(sims.map((s) => s.companyId))}, ${idArray(sims.map((s) => s.simId))}) as t(company_id, sim_id)
      on conflict (company_id, queue_id, sim_id) do nothing
      returning sim_id::int as sim_id, company_id::int as company_id`);
    const at = new Date();
    const events = inserted.map((r): NewSimEvent => smsEvent(r.company_id, r.sim_id, 'sms_out', at, { peer: message.peer, chars: message.text.length, operation: message.queueId }));
    return { rows: inserted, logged: await recordSimEvents(tx, events) };
  });
  await announceSimEvents(null, logged);
  return new Set(rows.map((r) => Number(r.sim_id)));
}

const smsEvent = (companyId: number, simId: number, type: 'sms_in' | 'sms_out' | 'sms_delivery', at: Date, details: NewSimEvent['details']): NewSimEvent => ({
  companyId: Number(companyId),
  simId: Number(simId),
  type,
  at,
  actor: { kind: 'network', label: 'SMSC' },
  details,
});

/**
 * The SMSC took the message: its id is what the receipt will name. An SMSC's ids are unique only
 * for a while (a restarted SMSC may count again), so an older message holding the same id lets go.
 */
export async function markAccepted(db: Db, key: MessageKey, smscMessageId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update sms_messages set smsc_message_id = null where smsc_message_id = ${smscMessageId}`);
    await tx.execute(sql`
      update sms_messages set smsc_message_id = ${smscMessageId}, updated_at = now()
      where company_id = ${key.companyId} and queue_id = ${key.queueId} and sim_id = ${key.simId}`);
  });
}

/** The message did not reach the SMSC, or may have without the cabinet knowing (detail starts with the reason). */
export async function markFailed(db: Db, keys: MessageKey[], detail: string): Promise<void> {
  if (keys.length === 0) return;
  const companies = [...new Set(keys.map((k) => k.companyId))];
  await db.execute(sql`
    update sms_messages set status = 'failed', detail = ${detail}, updated_at = now()
    where company_id = any(${idArray(companies)}) and queue_id = ${keys[0]?.queueId ?? 0}
      and sim_id = any(${idArray(keys.map((k) => k.simId))}) and status = 'queued' and smsc_message_id is null`);
}

/**
 * A delivery receipt: a final one sets delivered or failed, an intermediate one only its stat; a
 * message already final keeps its state (a late or repeated receipt). Answers whether the id is known.
 */
export async function applyReceipt(db: Db, receipt: { messageId: string; status: 'delivered' | 'failed' | 'queued'; detail: string }): Promise<boolean> {
  const { found, logged } = await db.transaction(async (tx) => {
    const rows = await queryRows<{ found: number; company_id: number | null; sim_id: number | null }>(tx, sql`
      with target as (
        select company_id, id, sim_id, status from sms_messages where smsc_message_id = ${receipt.messageId}),
      changed as (
        update sms_messages m
        set status = case when ${receipt.status} = 'queued' then m.status else ${receipt.status} end,
            detail = ${receipt.detail}, updated_at = now()
        from target t
        where m.company_id = t.company_id and m.id = t.id and t.status = 'queued'
        returning m.company_id, m.sim_id)
      select (select count(*) from target)::int as found, c.company_id::int as company_id, c.sim_id::int as sim_id
      from (select 1) one left join changed c on true`);
    // A final receipt is the message's delivery event; an intermediate one changes no state to tell.
    const final = receipt.status === 'queued' ? [] : rows.filter((r) => r.company_id !== null && r.sim_id !== null);
    const events = final.map((r) => smsEvent(r.company_id ?? 0, r.sim_id ?? 0, 'sms_delivery', new Date(), { status: receipt.status, detail: receipt.detail }));
    return { found: Number(rows[0]?.found ?? 0) > 0, logged: await recordSimEvents(tx, events) };
  });
  await announceSimEvents(null, logged);
  return found;
}

/** The SIMs with this MSISDN (at most two: one is the answer, two is ambiguous). */
export async function findSimsByMsisdn(db: Db, msisdn: string): Promise<Array<{ id: number; company_id: number }>> {
  return queryRows(db, sql`select id::int as id, company_id::int as company_id from sims where msisdn = ${msisdn} order by id limit 2`);
}

export async function insertIncoming(db: Db, message: { companyId: number; simId: number; peer: string; text: string }): Promise<void> {
  const logged = await db.transaction(async (tx: Executor) => {
    await tx.execute(sql`
      insert into sms_messages (company_id, sim_id, direction, peer, text, status)
      values (${message.companyId}, ${message.simId}, 'in', ${message.peer || null}, ${message.text}, 'received')`);
    return recordSimEvents(tx, [smsEvent(message.companyId, message.simId, 'sms_in', new Date(), { peer: message.peer || null, chars: message.text.length })]);
  });
  await announceSimEvents(null, logged);
}

/** What Tools → Network shows of the SMSC link (network_links, link 'smpp'). */
export async function writeLinkState(db: Db, state: string, detail: Record<string, unknown>): Promise<void> {
  await db.execute(sql`
    insert into network_links (link, state, detail, updated_at) values ('smpp', ${state}, ${JSON.stringify(detail)}::jsonb, now())
    on conflict (link) do update set state = excluded.state, detail = excluded.detail, updated_at = excluded.updated_at`);
}
