import { eq } from 'drizzle-orm';
import { companies, users } from '../../src/db/schema.js';
import type { Db } from '../../src/db/client.js';

/** The id of a demo company by its seeded name. */
export async function companyIdByName(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  if (!row) throw new Error(`no company ${name}`);
  return row.id;
}

export async function userByEmail(db: Db, email: string): Promise<{ id: number; companyId: number; lang: string }> {
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId, lang: users.lang })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

export const DEMO_COMPANY = 'Demo Logistics LLC';
export const AGENT_COMPANY = 'Sales Agent Petrov';
