import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import type { UsageEvent } from '../../../network/events.js';

/**
 * Messages the devices sent (mobile-originated: an SMS usage record going out of the SIM) as the
 * inbox's received messages, at the time the network reported. Called with the usage records that
 * were new in this batch only, in the same transaction, so a re-delivered batch adds none twice.
 * Messages to the devices from elsewhere are usage, not the cabinet's, and stay out of the inbox.
 */
export async function recordDeviceSms(db: Executor, fresh: UsageEvent[]): Promise<void> {
  const rows = fresh.flatMap((e) =>
    e.type === 'sms' && e.direction === 'out'
      ? [{ company_id: e.companyId, sim_id: e.simId, peer: e.peer || null, text: e.text, at: e.at.toISOString() }]
      : [],
  );
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into sms_messages (company_id, sim_id, direction, peer, text, status, created_at, updated_at)
    select company_id, sim_id, 'in', peer, text, 'received', at, at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(company_id bigint, sim_id bigint, peer text, text text, at timestamptz)`);
}
