import { sql } from 'drizzle-orm';

/** Who an audit row names, as both logs read it: its user and the root acting as them. */
export interface AuditPeopleRow {
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  impersonator_id: number | null;
  impersonator_name: string | null;
  impersonator_email: string | null;
  api_token_id: number | null;
  action: string;
  details: Record<string, unknown>;
  ip: string | null;
}

/** The columns of AuditPeopleRow, for a query over `audit_log a` joined as `AUDIT_PEOPLE_JOINS`. */
export const AUDIT_PEOPLE_COLUMNS = sql`
  a.user_id::int as user_id, trim(u.first_name || ' ' || u.last_name) as user_name, u.email as user_email,
  a.impersonator_id::int as impersonator_id, trim(i.first_name || ' ' || i.last_name) as impersonator_name,
  i.email as impersonator_email, a.api_token_id::int as api_token_id, a.action, a.details, a.ip`;
export const AUDIT_PEOPLE_JOINS = sql`left join users u on u.id = a.user_id left join users i on i.id = a.impersonator_id`;

type Person = { id: number; name: string; email: string } | null;

/** The row's user and impersonator as the API answers them. */
export function peopleOf(row: AuditPeopleRow): { user: Person; impersonator: Person } {
  const person = (id: number | null, name: string | null, email: string | null): Person => (id === null ? null : { id, name: name ?? '', email: email ?? '' });
  return { user: person(row.user_id, row.user_name, row.user_email), impersonator: person(row.impersonator_id, row.impersonator_name, row.impersonator_email) };
}
