import type { AuditAction } from '@cab/contract/company-audit';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { auditLog, companies, users } from '../../../db/schema.js';
import { phoneConfirmations, registrationRequests } from '../../../db/schema-accounts.js';

export interface RegistrationRow {
  companyId: number;
  userId: number;
  email: string;
  lang: string;
  name: string;
  responsible: string | null;
  country: string | null;
  companyType: string | null;
  taxNumber: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  registrationComplete: boolean;
}

/** The address as its account holds it, when one (of any state) holds it. */
export async function registeredEmail(db: Executor, email: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row?.email;
}

/** Another (not deleted) company already holds this tax number. */
export async function taxNumberTaken(db: Executor, taxNumber: string, exceptCompanyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.taxNumber}) = lower(${taxNumber})`, ne(companies.id, exceptCompanyId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * A company whose registration is unfinished and its admin. The company's name is the e-mail until
 * the Administrator step gives its client_name and responsible person (null until then).
 */
export async function insertUnfinishedCompany(
  db: Executor,
  row: { email: string; passwordHash: string; lang: string },
): Promise<{ companyId: number; userId: number }> {
  const [company] = await db
    .insert(companies)
    .values({ name: row.email, registrationComplete: false })
    .returning({ id: companies.id });
  if (!company) throw new Error('company insert returned nothing');
  const [user] = await db
    .insert(users)
    .values({ companyId: company.id, email: row.email, passwordHash: row.passwordHash, firstName: '', lastName: '', role: 'admin', lang: row.lang })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  return { companyId: company.id, userId: user.id };
}

export async function findRegistration(db: Executor, companyId: number, userId: number): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select({
      companyId: companies.id,
      userId: users.id,
      email: users.email,
      lang: users.lang,
      name: companies.name,
      responsible: companies.responsible,
      country: companies.country,
      companyType: companies.companyType,
      taxNumber: companies.taxNumber,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      registrationComplete: companies.registrationComplete,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), isNull(users.deletedAt), isNull(companies.deletedAt)));
  return row;
}

type CompanyChanges = Partial<Pick<typeof companies.$inferInsert, 'country' | 'companyType' | 'taxNumber' | 'name' | 'responsible' | 'registrationComplete'>>;

/** Changes a company that is still registering; false when it finished meanwhile. */
export async function updateUnfinishedCompany(db: Executor, companyId: number, changes: CompanyChanges): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set(changes)
    .where(and(eq(companies.id, companyId), eq(companies.registrationComplete, false)))
    .returning({ id: companies.id });
  return rows.length === 1;
}

export async function updateUser(
  db: Executor,
  userId: number,
  changes: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'phone'>>,
): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

export async function insertPhoneConfirmation(
  db: Executor,
  row: { companyId: number; userId: number; phone: string; direction: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(phoneConfirmations).values(row);
}

export interface PhoneConfirmationRow {
  id: number;
  phone: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  confirmedAt: Date | null;
}

/** The user's latest call: only the last one counts, so a new call voids the older codes. */
export async function findLatestConfirmation(db: Executor, companyId: number, userId: number): Promise<PhoneConfirmationRow | undefined> {
  const [row] = await db
    .select({
      id: phoneConfirmations.id,
      phone: phoneConfirmations.phone,
      codeHash: phoneConfirmations.codeHash,
      attempts: phoneConfirmations.attempts,
      expiresAt: phoneConfirmations.expiresAt,
      confirmedAt: phoneConfirmations.confirmedAt,
    })
    .from(phoneConfirmations)
    .where(and(eq(phoneConfirmations.companyId, companyId), eq(phoneConfirmations.userId, userId)))
    .orderBy(desc(phoneConfirmations.id))
    .limit(1);
  return row;
}

/** Counts a try in one statement, so parallel guesses cannot exceed the limit. Answers the new count. */
export async function countAttempt(db: Executor, companyId: number, id: number): Promise<number> {
  const [row] = await db
    .update(phoneConfirmations)
    .set({ attempts: sql`${phoneConfirmations.attempts} + 1` })
    .where(and(eq(phoneConfirmations.companyId, companyId), eq(phoneConfirmations.id, id)))
    .returning({ attempts: phoneConfirmations.attempts });
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
}

export async function markConfirmed(db: Executor, companyId: number, id: number): Promise<void> {
  await db
    .update(phoneConfirmations)
    .set({ confirmedAt: new Date() })
    .where(and(eq(phoneConfirmations.companyId, companyId), eq(phoneConfirmations.id, id)));
}

/** Audit action of one tax-number check on the Company step. */
export const COMPANY_CHECK_ACTION = 'registration_company_check' satisfies AuditAction;

/** Tax numbers this registration has checked so far (its audit rows, indexed by company). */
export async function countCompanyChecks(db: Executor, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, COMPANY_CHECK_ACTION)));
  return Number(row?.n ?? 0);
}

export async function insertRegistrationRequest(
  db: Executor,
  row: { email: string; passwordHash: string; lang: string; tokenHash: string; expiresAt: Date; referralCode?: string | null },
): Promise<void> {
  await db.insert(registrationRequests).values(row);
}

/** Marks an unused, unexpired request used in one statement (a link opens once) and answers it. */
export async function consumeRegistrationRequest(db: Executor, tokenHash: string) {
  const [row] = await db
    .update(registrationRequests)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(registrationRequests.tokenHash, tokenHash),
        isNull(registrationRequests.usedAt),
        gt(registrationRequests.expiresAt, sql`now()`),
      ),
    )
    .returning({
      email: registrationRequests.email,
      passwordHash: registrationRequests.passwordHash,
      lang: registrationRequests.lang,
      referralCode: registrationRequests.referralCode,
    });
  return row;
}
