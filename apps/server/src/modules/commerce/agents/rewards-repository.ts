import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

/** The agent of a company: its own, else the nearest parent's (a referred company's children earn for it too). */
export async function findAgentOf(db: Executor, companyId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ agent: number }>(db, sql`
    with recursive up(id, parent_id, agent_company_id, depth) as (
      select id, parent_id, agent_company_id, 0 from companies where id = ${companyId}
      union all
      select c.id, c.parent_id, c.agent_company_id, up.depth + 1 from companies c join up on c.id = up.parent_id
      where up.agent_company_id is null and up.depth < 16
    )
    select agent_company_id::int as agent from up where agent_company_id is not null order by depth limit 1`);
  return row?.agent;
}

/** The agent rewards a paid bill earned (normally one), by the agent company that got each. */
export async function findBillRewards(
  db: Executor,
  companyId: number,
  billId: number,
): Promise<Array<{ company_id: number; amount_cents: string | number }>> {
  return queryRows<{ company_id: number; amount_cents: string | number }>(db, sql`
    select company_id::int as company_id, amount_cents from ledger_entries
    where source_company_id = ${companyId} and bill_id = ${billId} and kind = 'agent_reward'`);
}
