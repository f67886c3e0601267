import type { CompanyState } from '@cab/contract/companies-admin';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../../db/client.js';

export interface CompanyRow {
  id: number;
  name: string;
  tax_number: string | null;
  contract: string | null;
  country: string | null;
  parent_id: number | null;
  parent_name: string | null;
  agent_company_id: number | null;
  agent_name: string | null;
  billing_type: number;
  balance_cents: number;
  blocked: boolean;
  deleted: boolean;
  users: number;
  sims: number;
  children: number;
  added: number;
  registration_complete: boolean;
  /** What the registration wizard has saved so far (its first open step is derived from these). */
  company_type: string | null;
  responsible: string | null;
  phone_confirmed: boolean;
}

/** LIKE pattern of a user's text: its own %, _ and \ match literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterOf(query: string | undefined, state: CompanyState | undefined): SQL {
  const parts: SQL[] = [];
  if (state === 'deleted') parts.push(sql`c.deleted_at is not null`);
  else parts.push(sql`c.deleted_at is null`);
  if (state === 'active') parts.push(sql`not c.blocked and c.registration_complete`);
  if (state === 'registering') parts.push(sql`not c.registration_complete`);
  if (state === 'blocked') parts.push(sql`c.blocked`);
  if (query) {
    const pattern = containsPattern(query);
    parts.push(sql`(lower(c.name) like ${pattern} or lower(coalesce(c.tax_number, '')) like ${pattern}
      or lower(coalesce(c.contract, '')) like ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

const SELECT_COMPANY = sql`
  select c.id::int as id, c.name, c.tax_number, c.contract, c.country, c.parent_id::int as parent_id,
    p.name as parent_name, c.agent_company_id::int as agent_company_id, ag.name as agent_name,
    c.billing_type::int as billing_type, c.balance_cents::float8 as balance_cents,
    c.blocked, (c.deleted_at is not null) as deleted,
    (select count(*) from users u where u.company_id = c.id and u.deleted_at is null)::int as users,
    (select count(*) from sims s where s.company_id = c.id)::int as sims,
    (select count(*) from companies k where k.parent_id = c.id and k.deleted_at is null)::int as children,
    extract(epoch from c.created_at)::int as added,
    c.registration_complete, c.company_type, c.responsible,
    exists (select 1 from users u where u.company_id = c.id and u.phone is not null and u.deleted_at is null) as phone_confirmed
  from companies c left join companies p on p.id = c.parent_id left join companies ag on ag.id = c.agent_company_id`;

export async function listCompanies(
  db: Executor,
  filter: { query?: string; state?: CompanyState; page: number; size: number },
): Promise<{ items: CompanyRow[]; total: number }> {
  const where = filterOf(filter.query, filter.state);
  const [items, totals] = await Promise.all([
    queryRows<CompanyRow>(db, sql`${SELECT_COMPANY} where ${where} order by c.name, c.id
      limit ${filter.size} offset ${filter.page * filter.size}`),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from companies c where ${where}`),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0) };
}

/** A company by id, deleted ones included (the list shows them). */
export async function findCompany(db: Executor, id: number): Promise<CompanyRow | undefined> {
  const [row] = await queryRows<CompanyRow>(db, sql`${SELECT_COMPANY} where c.id = ${id}`);
  return row;
}

/** The platform operator's company holds a root user; it must stay usable. */
export async function hasRootUser(db: Executor, companyId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`
    select id from users where company_id = ${companyId} and role = 'root' and deleted_at is null limit 1`);
  return rows.length > 0;
}

export async function setBlocked(db: Executor, id: number, blocked: boolean): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`
    update companies set blocked = ${blocked} where id = ${id} and deleted_at is null returning id`);
  return rows.length === 1;
}

/**
 * Soft-deletes the company and its users, and revokes every way in: refresh-token families and API
 * tokens. Answers the revoked session ids so their sockets can be closed after commit.
 */
export async function softDeleteCompany(db: Executor, id: number): Promise<{ sessions: string[]; users: number; apiTokens: number }> {
  await db.execute(sql`update companies set deleted_at = now() where id = ${id} and deleted_at is null`);
  const users = await queryRows<{ id: number }>(db, sql`
    update users set deleted_at = now() where company_id = ${id} and deleted_at is null returning id`);
  const sessions = await queryRows<{ family_id: string }>(db, sql`
    update refresh_tokens set revoked_at = now() where company_id = ${id} and revoked_at is null
    returning family_id::text as family_id`);
  const tokens = await queryRows<{ id: number }>(db, sql`
    update api_tokens set revoked_at = now() where company_id = ${id} and revoked_at is null returning id`);
  return { sessions: [...new Set(sessions.map((s) => s.family_id))], users: users.length, apiTokens: tokens.length };
}

/**
 * Removes a registration that was never finished, so its e-mail and tax number are free again: it
 * has no SIMs, bills or children (every call but the wizard's answered 424), only its sign-up user,
 * their sessions, phone checks, reset links and notices. The audit log keeps the removal.
 */
export async function purgeUnfinishedRegistration(db: Executor, id: number): Promise<{ sessions: string[]; users: number; apiTokens: number }> {
  const sessions = await queryRows<{ family_id: string }>(db, sql`
    delete from refresh_tokens where company_id = ${id} returning family_id::text as family_id`);
  await db.execute(sql`delete from phone_confirmations where company_id = ${id}`);
  await db.execute(sql`delete from password_resets where company_id = ${id}`);
  await db.execute(sql`delete from notifications where company_id = ${id}`);
  const users = await queryRows<{ id: number }>(db, sql`delete from users where company_id = ${id} returning id`);
  await db.execute(sql`delete from companies where id = ${id} and not registration_complete`);
  return { sessions: [...new Set(sessions.map((s) => s.family_id))], users: users.length, apiTokens: 0 };
}

export interface NewCompany {
  parentId: number | null;
  name: string;
  taxNumber: string;
  billingType: number;
  contract: string | null;
  country: string | null;
}

/** Null when the tax number is taken (unique index). */
export async function insertCompany(db: Executor, company: NewCompany): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(db, sql`
    insert into companies (parent_id, name, tax_number, billing_type, contract, country)
    values (${company.parentId}, ${company.name}, ${company.taxNumber}, ${company.billingType}, ${company.contract}, ${company.country})
    on conflict (tax_number) do nothing returning id::int as id`);
  return rows[0]?.id ?? null;
}

export interface NewUser {
  companyId: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: string;
  lang: string;
}

/** Null when the e-mail is taken (case-insensitive unique index). */
export async function insertUser(db: Executor, user: NewUser): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(db, sql`
    insert into users (company_id, email, password_hash, first_name, last_name, role, lang)
    values (${user.companyId}, ${user.email}, ${user.passwordHash}, ${user.firstName}, ${user.lastName}, ${user.role}, ${user.lang})
    on conflict (lower(email)) do nothing returning id::int as id`);
  return rows[0]?.id ?? null;
}

export interface CompanyUserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  active: boolean;
}

export async function listCompanyUsers(db: Executor, companyId: number, limit: number) {
  const [items, totals] = await Promise.all([
    queryRows<CompanyUserRow>(db, sql`
      select id::int as id, email, first_name, last_name, role, active from users
      where company_id = ${companyId} and deleted_at is null order by last_name, first_name, id limit ${limit}`),
    queryRows<{ n: number }>(db, sql`
      select count(*)::int as n from users where company_id = ${companyId} and deleted_at is null`),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0) };
}
