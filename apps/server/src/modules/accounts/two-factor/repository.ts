import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { secondFactorChallenges, userRecoveryCodes, userTotp } from '../../../db/schema-accounts.js';

export interface UserRef {
  userId: number;
  companyId: number;
}

export async function findTotp(db: Executor, userId: number) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row;
}

/** A new secret waiting for its first code; an unconfirmed one before it is replaced. */
export async function savePendingTotp(db: Executor, user: UserRef, secretSealed: string): Promise<void> {
  await db
    .insert(userTotp)
    .values({ ...user, secretSealed })
    .onConflictDoUpdate({ target: [userTotp.companyId, userTotp.userId], set: { secretSealed, confirmedAt: null, lastStep: null, createdAt: sql`now()` } });
}

/**
 * Takes a code's time step: true only if no code of this step or a later one was taken before
 * (a code is good once), and — with `confirm` — marks the app confirmed. One statement, so two
 * parallel sign-ins with the same code cannot both pass.
 */
export async function takeStep(db: Executor, userId: number, step: number, confirm: boolean): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastStep: step, ...(confirm ? { confirmedAt: sql`now()` } : {}) })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

export async function deleteFactors(db: Executor, userId: number): Promise<boolean> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  const rows = await db.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ userId: userTotp.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Executor, user: UserRef, hashes: string[]): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.userId));
  await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ ...user, codeHash })));
}

/** Spends a recovery code: true once per code, however many ask at the same time. */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, codeHash), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return rows.length === 1;
}

export async function countRecoveryLeft(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function insertChallenge(db: Executor, user: UserRef, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(secondFactorChallenges).values({ ...user, tokenHash, expiresAt });
}

export async function findChallenge(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(secondFactorChallenges)
    .where(and(eq(secondFactorChallenges.tokenHash, tokenHash), gt(secondFactorChallenges.expiresAt, sql`now()`)));
  return row;
}

/** Ends a challenge: true for the one call that ended it (a second with the same challenge gets false). */
export async function deleteChallenge(db: Executor, tokenHash: string): Promise<boolean> {
  const rows = await db.delete(secondFactorChallenges).where(eq(secondFactorChallenges.tokenHash, tokenHash)).returning({ userId: secondFactorChallenges.userId });
  return rows.length === 1;
}

/** Challenges past their minutes (housekeeping). */
export async function purgeExpiredChallenges(db: Executor): Promise<number> {
  const rows = await db.delete(secondFactorChallenges).where(lt(secondFactorChallenges.expiresAt, sql`now()`)).returning({ userId: secondFactorChallenges.userId });
  return rows.length;
}

export async function companyRequiresSecondFactor(db: Executor, companyId: number): Promise<boolean> {
  const [row] = await queryRows<{ required: boolean }>(db, sql`select require_second_factor as required from companies where id = ${companyId}`);
  return Boolean(row?.required);
}

export interface SignInUser extends UserRef {
  email: string;
  role: string;
  active: boolean;
}

/** The account a challenge names, as sign-in needs it (a deleted one, or one of a deleted company, is not found). */
export async function findSignInUser(db: Executor, userId: number): Promise<SignInUser | undefined> {
  const [row] = await queryRows<SignInUser>(db, sql`
    select u.id::int as "userId", u.company_id::int as "companyId", u.email, u.role, u.active
    from users u join companies c on c.id = u.company_id
    where u.id = ${userId} and u.deleted_at is null and c.deleted_at is null`);
  return row;
}

/** A confirmed authenticator app, or a passkey (accounts/passkeys' table): either is a second factor. */
const HAS_SECOND_FACTOR = (companyId: unknown, userId: unknown) => sql`(
  exists (select 1 from user_totp t where t.company_id = ${companyId} and t.user_id = ${userId} and t.confirmed_at is not null)
  or exists (select 1 from user_passkeys p where p.company_id = ${companyId} and p.user_id = ${userId}))`;

export async function hasSecondFactor(db: Executor, user: UserRef): Promise<boolean> {
  const [row] = await queryRows<{ has: boolean }>(db, sql`select ${HAS_SECOND_FACTOR(user.companyId, user.userId)} as has`);
  return Boolean(row?.has);
}

/**
 * Ends the sessions of the company's users who have no second factor, when the company comes to
 * require one: each is asked to enrol at their next sign-in. Returns how many sessions ended.
 */
export async function signOutUsersWithoutSecondFactor(db: Executor, companyId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`
    with ended as (
      update refresh_tokens r set revoked_at = now()
      where r.company_id = ${companyId} and r.revoked_at is null
        and not ${HAS_SECOND_FACTOR(sql`r.company_id`, sql`r.user_id`)}
      returning 1
    ) select count(*)::int as n from ended`);
  return Number(rows[0]?.n ?? 0);
}
