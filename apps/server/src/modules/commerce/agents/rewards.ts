import type { Executor } from '../../../db/client.js';
import { postLedgerEntry } from '../ledger/index.js';
import { ensureAgentAccount } from './accounts-repository.js';
import { findAgentOf, findBillRewards } from './rewards-repository.js';

export interface PaidBill {
  company_id: number;
  id: number;
  number: string;
  amount_cents: string | number;
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
  for (const reward of await findBillRewards(tx, bill.company_id, bill.id)) {
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
