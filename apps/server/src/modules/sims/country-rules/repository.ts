import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import type { CompanyScope } from '../../accounts/companies/index.js';

type Bigint = number | string;

export interface CountryRuleRow {
  id: number;
  country: string;
  from: string;
  createdAt: Date;
}

export async function listCountryRules(db: Executor): Promise<CountryRuleRow[]> {
  const rows = await queryRows<{ id: Bigint; country: string; from: string; created_at: Date | string }>(db, sql`
    select id, country, from_date::text as "from", created_at from country_rules order by country`);
  return rows.map((r) => ({ id: Number(r.id), country: r.country, from: r.from, createdAt: new Date(r.created_at) }));
}

/** Null when the country already has a rule. */
export async function insertCountryRule(db: Executor, country: string, from: string): Promise<number | null> {
  const rows = await queryRows<{ id: Bigint }>(db, sql`
    insert into country_rules (country, from_date) values (${country}, ${from}::date)
    on conflict (country) do nothing returning id`);
  return rows[0] ? Number(rows[0].id) : null;
}

export async function deleteCountryRule(db: Executor, id: number): Promise<{ country: string; from: string } | null> {
  const rows = await queryRows<{ country: string; from: string }>(db, sql`
    delete from country_rules where id = ${id} returning country, from_date::text as "from"`);
  return rows[0] ?? null;
}

export interface SeenSimRow {
  id: number;
  profile: string;
  cell: string | null;
  lastSeenAt: Date | null;
}

/** Where the network last saw each of these SIMs the caller may see (TC only: the rule's profile). */
export async function findSeenSims(db: Executor, scope: CompanyScope, ids: number[], profile: string): Promise<SeenSimRow[]> {
  const inScope = scope ? sql`s.company_id in ${scope.length ? scope : [0]}` : sql`true`;
  const rows = await queryRows<{ id: Bigint; profile: string; cell: string | null; last_seen_at: Date | string | null }>(db, sql`
    select s.id, s.profile, st.cell, st.last_seen_at
    from sims s join sim_network_state st on st.company_id = s.company_id and st.sim_id = s.id
    where s.id = any(${`{${ids.join(',')}}`}::bigint[]) and s.profile = ${profile} and ${inScope}`);
  return rows.map((r) => ({ id: Number(r.id), profile: r.profile, cell: r.cell, lastSeenAt: r.last_seen_at === null ? null : new Date(r.last_seen_at) }));
}
