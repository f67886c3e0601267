import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * Demo roaming: every 10th SIM of the demo company roams worldwide and every 10th from the 5th in
 * Europe and the CIS; a few of the worldwide TC-profile SIMs were last seen in the seeded
 * country-rule countries (TR, GE), so the SIM list and page show the country-rule warning.
 */
export async function seedDemoRoaming(tx: Executor, companyId: number): Promise<void> {
  await tx.execute(sql`
    with numbered as (select id, company_id, row_number() over (order by id) - 1 as n from sims where company_id = ${companyId})
    insert into sim_roaming (company_id, sim_id, mode, zones)
    select company_id, id,
           case when n % 10 = 0 then 'worldwide' else 'zones' end,
           case when n % 10 = 0 then '[]'::jsonb else '["europe","cis"]'::jsonb end
    from numbered where n % 10 in (0, 5)`);
  await tx.execute(sql`
    with numbered as (
      select s.id, s.company_id, s.profile, s.block_type, row_number() over (order by s.id) - 1 as n
      from sims s where s.company_id = ${companyId})
    insert into sim_network_state (company_id, sim_id, online, last_seen_at, imei, cell, rat)
    select company_id, id, false, now() - interval '2 hours', '35' || lpad(id::text, 13, '0'),
           case when n % 20 = 0 then '286-01-1200-5501' else '282-01-310-7702' end, '4G'
    from numbered where n % 10 = 0 and n < 100 and profile = 'TC' and block_type = 'none'
    on conflict do nothing`);
}
