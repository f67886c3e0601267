import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/** What the demo devices report by SMS (as the simulator's devices do). */
const DEVICE_TEXTS = sql.raw(`array['STATUS OK','GPS 55.7558,37.6173','BATTERY LOW 12%','REBOOT','DOOR OPEN','TEMP 4.5C','APN SET OK']`);

/**
 * The SMS inbox of the demo companies: every SMS their devices sent in the seeded usage (an SMS
 * usage record going out of the SIM) is a received message, at the same time, as the simulator
 * makes them from here on. Runs after seedDemoUsage.
 */
export async function seedDemoSms(tx: Executor, companyIds: number[]): Promise<void> {
  if (companyIds.length === 0) return;
  await tx.execute(sql`
    insert into sms_messages (company_id, sim_id, direction, peer, text, status, created_at, updated_at)
    select company_id, sim_id, 'in', peer, (${DEVICE_TEXTS})[1 + (sim_id + extract(doy from started_at)::int) % 7], 'received', started_at, started_at
    from usage_events
    where company_id in (${sql.join(
      companyIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and record_key like 'demo:%' and kind = 'sms' and direction = 'out'`);
}
