import { eq, sql } from 'drizzle-orm';
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

/**
 * Makes every insert into `table` fail (as a storage outage would) until the returned function is
 * called: for checking that work done after an answer can fail without the answer showing it.
 */
export async function refuseInserts(db: Db, table: 'password_resets' | 'registration_requests'): Promise<() => Promise<void>> {
  const name = sql.raw(`refuse_${table}`);
  const target = sql.raw(table);
  await db.execute(sql`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'storage down'; end $$`);
  await db.execute(sql`create trigger ${name} before insert on ${target} for each row execute function ${name}()`);
  return async () => {
    await db.execute(sql`drop trigger ${name} on ${target}`);
    await db.execute(sql`drop function ${name}()`);
  };
}
