import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { companySso, companySsoDomains, ssoSignIns } from '../../../db/schema-accounts.js';
import { companies, users } from '../../../db/schema.js';

export type SsoRow = typeof companySso.$inferSelect;

export async function findSettings(db: Executor, companyId: number): Promise<SsoRow | undefined> {
  const [row] = await db.select().from(companySso).where(eq(companySso.companyId, companyId));
  return row;
}

export async function findDomains(db: Executor, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: companySsoDomains.domain })
    .from(companySsoDomains)
    .where(eq(companySsoDomains.companyId, companyId))
    .orderBy(companySsoDomains.domain);
  return rows.map((row) => row.domain);
}

/** The company whose turned-on sign-on vouches for an e-mail domain (not a deleted company). */
export async function findEnabledByDomain(db: Executor, domain: string): Promise<SsoRow | undefined> {
  const [row] = await db
    .select({ sso: companySso })
    .from(companySsoDomains)
    .innerJoin(companySso, eq(companySso.companyId, companySsoDomains.companyId))
    .innerJoin(companies, eq(companies.id, companySso.companyId))
    .where(
      and(eq(companySsoDomains.domain, domain), eq(companySso.enabled, true), sql`${companies.deletedAt} is null`),
    );
  return row?.sso;
}

export async function upsertSettings(db: Executor, row: Omit<SsoRow, 'updatedAt'>): Promise<void> {
  const { companyId: _key, ...changes } = row;
  await db
    .insert(companySso)
    .values(row)
    .onConflictDoUpdate({ target: companySso.companyId, set: { ...changes, updatedAt: sql`now()` } });
}

/**
 * Makes `domains` the company's: answers the first one another company holds (nothing is changed
 * then: the caller's transaction rolls back). The primary key decides between two saving at once.
 */
export async function replaceDomains(
  db: Executor,
  companyId: number,
  domains: readonly string[],
): Promise<string | null> {
  await db.delete(companySsoDomains).where(eq(companySsoDomains.companyId, companyId));
  const taken = await db
    .insert(companySsoDomains)
    .values(domains.map((domain) => ({ domain, companyId })))
    .onConflictDoNothing()
    .returning({ domain: companySsoDomains.domain });
  const mine = new Set(taken.map((row) => row.domain));
  return domains.find((domain) => !mine.has(domain)) ?? null;
}

export async function deleteSettings(db: Executor, companyId: number): Promise<boolean> {
  await db.delete(companySsoDomains).where(eq(companySsoDomains.companyId, companyId));
  const rows = await db
    .delete(companySso)
    .where(eq(companySso.companyId, companyId))
    .returning({ companyId: companySso.companyId });
  return rows.length === 1;
}

export async function insertSignIn(db: Executor, row: typeof ssoSignIns.$inferInsert): Promise<void> {
  await db.insert(ssoSignIns).values(row);
}

/** Takes a waiting sign-in by its state: once, however many ask at the same time; none once expired. */
export async function takeSignIn(db: Executor, stateHash: string) {
  const [row] = await db
    .delete(ssoSignIns)
    .where(and(eq(ssoSignIns.stateHash, stateHash), gt(ssoSignIns.expiresAt, sql`now()`)))
    .returning();
  return row;
}

export async function purgeExpiredSignIns(db: Executor): Promise<number> {
  const rows = await db
    .delete(ssoSignIns)
    .where(lt(ssoSignIns.expiresAt, sql`now()`))
    .returning({ stateHash: ssoSignIns.stateHash });
  return rows.length;
}

/** The account an e-mail names, deleted or not: the e-mail stays taken by a deleted one. */
export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      role: users.role,
      active: users.active,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}
