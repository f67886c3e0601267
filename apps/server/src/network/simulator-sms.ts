import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { OperationOutcome, OperationRequest } from './adapter.js';
import { queueIdOf } from './smpp/sms-sender.js';

/**
 * The simulator's SMSC: an SMS operation's messages land in sms_messages like those sent over SMPP,
 * each with the state its receipt would give at once — delivered, or failed with the network's
 * reason — so the SIM page and the SMS inbox show them. One row per (company, operation, SIM): a
 * repeated batch writes nothing twice.
 */
export async function recordSimulatedSms(db: Db, request: OperationRequest, outcomes: OperationOutcome[]): Promise<void> {
  const queueId = queueIdOf(request.idempotencyPrefix);
  const text = request.params.text ?? '';
  if (request.operation !== 'sms' || queueId === null || !text) return;
  const companyOf = new Map(request.sims.map((sim) => [sim.simId, sim.companyId]));
  const rows = outcomes.flatMap((outcome) => {
    const companyId = companyOf.get(outcome.simId);
    if (companyId === undefined) return [];
    return [{ company_id: companyId, sim_id: outcome.simId, status: outcome.ok ? 'delivered' : 'failed', detail: outcome.ok ? 'DELIVRD' : outcome.reason }];
  });
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into sms_messages (company_id, sim_id, direction, queue_id, text, status, detail)
    select t.company_id, t.sim_id, 'out', ${queueId}, ${text}, t.status, t.detail
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(company_id bigint, sim_id bigint, status text, detail text)
    on conflict (company_id, queue_id, sim_id) do nothing`);
}
