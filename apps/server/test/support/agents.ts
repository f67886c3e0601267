import { sql } from 'drizzle-orm';
import { hashPassword } from '../../src/auth/passwords.js';
import { queryRows } from '../../src/db/client.js';
import { login, post, type TestApp } from './test-app.js';

let serial = 0;

async function insertId(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.database.db, query);
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** A user who can sign in, in a company; answers their session token. */
export async function userIn(t: TestApp, companyId: number, role: string, label: string): Promise<{ userId: number; token: string }> {
  const email = `${label}-${Date.now()}-${++serial}@agents.example`;
  const userId = await insertId(t, sql`
    insert into users (company_id, email, password_hash, first_name, last_name, role)
    values (${companyId}, ${email}, ${await hashPassword('agent-pass-1')}, 'Test', ${label}, ${role}) returning id::int as id`);
  return { userId, token: (await login(t.app, email, 'agent-pass-1')).token };
}

/** A fresh agent company with one agent user. */
export async function makeAgent(t: TestApp, label = 'agent'): Promise<{ companyId: number; userId: number; token: string }> {
  const companyId = await insertId(t, sql`
    insert into companies (name, billing_type, contract) values (${`Agent ${label} ${++serial}`}, 2, 'AG') returning id::int as id`);
  return { companyId, ...(await userIn(t, companyId, 'agent', label)) };
}

/** A prepay company referred by the agent, with an admin. */
export async function makeReferred(t: TestApp, agentCompanyId: number | null, openingCents = 0): Promise<{ companyId: number; token: string }> {
  const companyId = await insertId(t, sql`
    insert into companies (name, billing_type, contract, agent_company_id, balance_cents)
    values (${`Referred ${++serial}`}, 1, 'R', ${agentCompanyId}, 0) returning id::int as id`);
  if (openingCents !== 0) {
    await t.database.db.execute(sql`
      insert into ledger_entries (company_id, kind, amount_cents, balance_after_cents, reason)
      values (${companyId}, 'adjustment', ${openingCents}, ${openingCents}, 'opening')`);
    await t.database.db.execute(sql`update companies set balance_cents = ${openingCents} where id = ${companyId}`);
  }
  const admin = await userIn(t, companyId, 'admin', 'admin');
  return { companyId, token: admin.token };
}

/** Root issues and pays a top-up bill of the company; answers the bill id. */
export async function paidTopup(t: TestApp, root: string, companyId: number, eur: number): Promise<number> {
  const created = await post(t.app, '/api/bills/create', { company_id: companyId, amount_eur: eur }, { token: root });
  if (created.statusCode !== 200) throw new Error(created.body);
  const id = created.json<{ result: { id: number } }>().result.id;
  const paid = await post(t.app, '/api/bills/mark_paid', { id }, { token: root });
  if (paid.statusCode !== 200) throw new Error(paid.body);
  return id;
}

export async function rewardBalance(t: TestApp, agentCompanyId: number): Promise<number> {
  const [row] = await queryRows<{ b: string | number }>(t.database.db, sql`
    select reward_balance_cents as b from agent_accounts where company_id = ${agentCompanyId}`);
  return Number(row?.b ?? 0);
}

export async function agentLedgerSum(t: TestApp, agentCompanyId: number): Promise<number> {
  const [row] = await queryRows<{ s: string | number }>(t.database.db, sql`
    select coalesce(sum(amount_cents), 0) as s from ledger_entries
    where company_id = ${agentCompanyId} and kind in ('agent_reward', 'agent_reward_reversal', 'withdrawal_hold', 'withdrawal_release')`);
  return Number(row?.s ?? 0);
}

/** Sets an agent's reward balance the way a reward would (a ledger row), for request tests. */
export async function creditReward(t: TestApp, root: string, agentCompanyId: number, cents: number): Promise<void> {
  const referred = await makeReferred(t, agentCompanyId);
  // 10 % default rate: a bill of 10 × cents earns cents.
  await paidTopup(t, root, referred.companyId, (cents * 10) / 100);
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
