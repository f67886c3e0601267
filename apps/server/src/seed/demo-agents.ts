import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.js';
import { creditAgentReward, insertEvent, insertRequest } from '../modules/commerce/agents/index.js';
import { postLedgerEntry } from '../modules/commerce/ledger/index.js';

/** The demo agent's referral code, so a demo registration link is easy to type: /register?ref=PETROV26. */
export const DEMO_REFERRAL_CODE = 'PETROV26';
const DAY = 86_400_000;
const DEFAULT_BP = 1000;

interface DemoStep {
  action: string | null;
  to: string;
  side: 'root' | 'agent';
  comment: string | null;
}

/** Requests in several states with their timelines (ages in days); a declined one released its hold. */
const DEMO_REQUESTS: Array<{ cents: number; ageDays: number; method: 'iban' | 'other'; steps: DemoStep[] }> = [
  {
    cents: 4000,
    ageDays: 30,
    method: 'iban',
    steps: [
      { action: null, to: 'awaiting', side: 'agent', comment: 'Reward for the first month' },
      { action: 'take', to: 'approving', side: 'root', comment: null },
      { action: 'ask', to: 'awaiting_agent', side: 'root', comment: 'Please upload the signed act of services' },
      { action: 'answer', to: 'approving', side: 'agent', comment: 'The signed act is sent by post' },
      { action: 'pay', to: 'paid_awaiting_agent', side: 'root', comment: 'Paid by bank transfer' },
      { action: 'confirm', to: 'paid', side: 'agent', comment: 'Received, thank you' },
    ],
  },
  {
    cents: 3000,
    ageDays: 20,
    method: 'other',
    steps: [
      { action: null, to: 'awaiting', side: 'agent', comment: null },
      { action: 'decline', to: 'declined', side: 'root', comment: 'Cash payouts are not possible: give a bank account' },
    ],
  },
  {
    cents: 2500,
    ageDays: 5,
    method: 'iban',
    steps: [
      { action: null, to: 'awaiting', side: 'agent', comment: null },
      { action: 'take', to: 'approving', side: 'root', comment: null },
      { action: 'ask', to: 'awaiting_agent', side: 'root', comment: 'The account holder differs from the contract: please correct it' },
    ],
  },
  { cents: 2000, ageDays: 1, method: 'iban', steps: [{ action: null, to: 'awaiting', side: 'agent', comment: null }] },
];

/**
 * The demo agent: its account, rewards for the referred demo company's paid bills (dated as the bills
 * were paid, so the monthly chart has bars) and requests in several states.
 */
export async function seedDemoAgent(tx: Tx, ids: { agencyId: number; agentUserId: number; rootUserId: number; referredId: number }, now = Date.now()): Promise<void> {
  await tx.execute(sql`insert into agent_accounts (company_id, referral_code) values (${ids.agencyId}, ${DEMO_REFERRAL_CODE})`);
  const paid = await queryRows<{ company_id: number; id: number; number: string; amount_cents: string | number; paid_at: Date | string }>(tx, sql`
    select company_id::int as company_id, id::int as id, number, amount_cents, paid_at from bills
    where company_id = ${ids.referredId} and status = 'paid' order by paid_at`);
  // Rewards and requests in time order, so the ledger's ids follow its dates.
  const rewardAt = (bill: (typeof paid)[number]) => new Date(bill.paid_at).getTime();
  const pending = [...paid];
  const creditUpTo = async (until: number) => {
    while (pending.length > 0 && rewardAt(pending[0] as (typeof paid)[number]) <= until) {
      const bill = pending.shift() as (typeof paid)[number];
      await creditAgentReward(tx, bill, DEFAULT_BP);
      await tx.execute(sql`
        update ledger_entries set created_at = ${new Date(bill.paid_at).toISOString()}::timestamptz
        where company_id = ${ids.agencyId} and idempotency_key = ${`reward:${bill.company_id}:${bill.id}`}`);
    }
  };
  for (const demo of DEMO_REQUESTS) {
    const at = now - demo.ageDays * DAY;
    await creditUpTo(at);
    const id = await insertRequest(tx, {
      companyId: ids.agencyId,
      amountCents: demo.cents,
      method: demo.method,
      iban: demo.method === 'iban' ? 'DE89370400440532013000' : null,
      holder: demo.method === 'iban' ? 'Artem Agentov' : null,
      details: demo.method === 'other' ? 'Cash at the operator office' : null,
      createdBy: ids.agentUserId,
    });
    await postLedgerEntry(tx, {
      companyId: ids.agencyId,
      kind: 'withdrawal_hold',
      amountCents: -demo.cents,
      requestId: id,
      authorId: ids.agentUserId,
      idempotencyKey: `withdrawal:${id}:hold`,
      notBelowZero: true,
    });
    let from: string | null = null;
    for (const [n, step] of demo.steps.entries()) {
      if (step.action === 'decline') {
        await postLedgerEntry(tx, {
          companyId: ids.agencyId,
          kind: 'withdrawal_release',
          amountCents: demo.cents,
          requestId: id,
          authorId: ids.rootUserId,
          idempotencyKey: `withdrawal:${id}:release`,
        });
      }
      await insertEvent(tx, {
        companyId: ids.agencyId,
        requestId: id,
        action: step.action,
        fromState: from,
        toState: step.to,
        side: step.side,
        actorId: step.side === 'root' ? ids.rootUserId : ids.agentUserId,
        comment: step.comment,
        attachmentId: null,
      });
      from = step.to;
      await tx.execute(sql`
        update withdrawal_events set created_at = ${new Date(at + n * 3_600_000).toISOString()}::timestamptz
        where company_id = ${ids.agencyId} and request_id = ${id} and created_at > now() - interval '1 hour' and to_state = ${step.to}`);
    }
    const last = at + (demo.steps.length - 1) * 3_600_000;
    await tx.execute(sql`
      update withdrawal_requests set state = ${from}, created_at = ${new Date(at).toISOString()}::timestamptz,
        updated_at = ${new Date(last).toISOString()}::timestamptz
      where company_id = ${ids.agencyId} and id = ${id}`);
    await tx.execute(sql`
      update ledger_entries set created_at = ${new Date(at).toISOString()}::timestamptz
      where company_id = ${ids.agencyId} and request_id = ${id}`);
  }
  await creditUpTo(Number.POSITIVE_INFINITY);
}
