import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { postLedgerEntry } from '../ledger/index.js';
import { ensureAgentAccount } from './accounts.js';

export interface PaidBill {
  company_id: number;
  id: number;
  number: string;
  amount_cents: string | number;
}

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

/** rate × amount, rounded down to the cent (the operator never pays a fraction it did not earn). */
export function rewardCents(amountCents: number, rateBp: number): number {
  return Math.floor((amountCents * rateBp) / 10_000);
}

/**
 * Credits the agent of a bill's company with its share, inside the transaction that marks the bill
 * paid. The key names the bill, so a retry or a second payment path never rewards it twice.
 */
export async function creditAgentReward(tx: Executor, bill: PaidBill, defaultRateBp: number): Promise<{ agentCompanyId: number; cents: number } | null> {
  const agentCompanyId = await findAgentOf(tx, bill.company_id);
  if (agentCompanyId === undefined) return null;
  const account = await ensureAgentAccount(tx, agentCompanyId);
  if (!account) return null;
  const cents = rewardCents(Number(bill.amount_cents), account.rewardBp ?? defaultRateBp);
  if (cents <= 0) return null;
  const posted = await postLedgerEntry(tx, {
    companyId: agentCompanyId,
    kind: 'agent_reward',
    amountCents: cents,
    billId: bill.id,
    sourceCompanyId: bill.company_id,
    reason: bill.number,
    idempotencyKey: `reward:${bill.company_id}:${bill.id}`,
  });
  return posted ? { agentCompanyId, cents } : null;
}

/**
 * A paid bill cancelled: the reward it earned goes back with a row of its own, from the agent who got
 * it (a later change of the company's agent moves only future rewards). Once per bill.
 */
export async function reverseAgentReward(tx: Executor, bill: PaidBill): Promise<void> {
  const rewards = await queryRows<{ company_id: number; amount_cents: string | number }>(tx, sql`
    select company_id::int as company_id, amount_cents from ledger_entries
    where source_company_id = ${bill.company_id} and bill_id = ${bill.id} and kind = 'agent_reward'`);
  for (const reward of rewards) {
    await postLedgerEntry(tx, {
      companyId: reward.company_id,
      kind: 'agent_reward_reversal',
      amountCents: -Number(reward.amount_cents),
      billId: bill.id,
      sourceCompanyId: bill.company_id,
      reason: bill.number,
      idempotencyKey: `reward_reversal:${bill.company_id}:${bill.id}`,
    });
  }
}
