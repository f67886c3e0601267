import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';

/** Letters and digits that cannot be mistaken for each other when read aloud or copied by hand. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const CODE_TRIES = 5;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export interface AgentAccount {
  companyId: number;
  name: string;
  referralCode: string;
  rewardBp: number | null;
  balanceCents: number;
}

/** A company is an agent when one of its live users has the agent role. */
export async function isAgentCompany(db: Executor, companyId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`
    select 1 as id from users u join companies c on c.id = u.company_id
    where u.company_id = ${companyId} and u.role = 'agent' and u.deleted_at is null and c.deleted_at is null limit 1`);
  return rows.length > 0;
}

/**
 * The agent's account row (referral code, rate, reward balance), made on first need for an agent
 * company; undefined when the company is not an agent. A code collision (unique index) just tries
 * another code; `on conflict do nothing` keeps a transaction usable on PostgreSQL.
 */
export async function ensureAgentAccount(db: Executor, companyId: number): Promise<AgentAccount | undefined> {
  const found = await findAgentAccount(db, companyId);
  if (found) return found;
  if (!(await isAgentCompany(db, companyId))) return undefined;
  for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
    await db.execute(sql`
      insert into agent_accounts (company_id, referral_code) values (${companyId}, ${newReferralCode()}) on conflict do nothing`);
    const made = await findAgentAccount(db, companyId);
    if (made) return made;
  }
  throw new Error('could not allocate a referral code');
}

export async function findAgentAccount(db: Executor, companyId: number): Promise<AgentAccount | undefined> {
  const [row] = await queryRows<{ company_id: number; name: string; referral_code: string; reward_bp: number | null; reward_balance_cents: string | number }>(
    db,
    sql`
    select a.company_id::int as company_id, c.name, a.referral_code, a.reward_bp, a.reward_balance_cents
    from agent_accounts a join companies c on c.id = a.company_id where a.company_id = ${companyId}`,
  );
  return row
    ? {
        companyId: row.company_id,
        name: row.name,
        referralCode: row.referral_code,
        rewardBp: row.reward_bp === null ? null : Number(row.reward_bp),
        balanceCents: Number(row.reward_balance_cents),
      }
    : undefined;
}

/** The agent company a referral code names, if any. */
export async function findAgentByCode(db: Executor, code: string): Promise<number | undefined> {
  const [row] = await queryRows<{ company_id: number }>(db, sql`
    select company_id::int as company_id from agent_accounts where referral_code = ${code.trim().toUpperCase()}`);
  return row?.company_id;
}

/** Every agent company (root's pickers), with its account when it has one. */
export async function listAgents(db: Executor): Promise<Array<{ id: number; name: string }>> {
  return queryRows<{ id: number; name: string }>(db, sql`
    select c.id::int as id, c.name from companies c
    where c.deleted_at is null and exists (select 1 from users u where u.company_id = c.id and u.role = 'agent' and u.deleted_at is null)
    order by c.name, c.id limit 500`);
}

/** Active users of the agent company who act for it (role agent). */
export async function agentUsers(db: Executor, companyId: number): Promise<Array<{ id: number; lang: string }>> {
  return queryRows<{ id: number; lang: string }>(db, sql`
    select id::int as id, lang from users where company_id = ${companyId} and role = 'agent' and active and deleted_at is null order by id`);
}

/** Active root users: the other side of every request. */
export async function rootUsers(db: Executor): Promise<Array<{ id: number; lang: string; companyId: number }>> {
  return queryRows<{ id: number; lang: string; companyId: number }>(db, sql`
    select id::int as id, lang, company_id::int as "companyId" from users where role = 'root' and active and deleted_at is null order by id`);
}
