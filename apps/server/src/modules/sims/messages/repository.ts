import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

export interface SimMessageRow {
  id: number;
  direction: string;
  peer: string | null;
  text: string;
  status: string;
  detail: string | null;
  queue_id: number | null;
  created: number;
  updated: number;
}

/** One SIM's messages, newest first (sms_messages_sim_idx: company, SIM, time). */
export async function listMessages(
  db: Executor,
  sim: { companyId: number; simId: number },
  limit: number,
  offset: number,
): Promise<{ rows: SimMessageRow[]; total: number }> {
  const where = sql`company_id = ${sim.companyId} and sim_id = ${sim.simId}`;
  const [rows, counted] = await Promise.all([
    queryRows<SimMessageRow>(db, sql`
      select id::int as id, direction, peer, text, status, detail, queue_id::int as queue_id,
        extract(epoch from created_at)::int as created, extract(epoch from updated_at)::int as updated
      from sms_messages where ${where}
      order by created_at desc, id desc limit ${limit} offset ${offset}`),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from sms_messages where ${where}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}
