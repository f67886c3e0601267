import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { passkeyChallenges, userPasskeys } from '../../../db/schema-accounts.js';

export interface UserRef {
  userId: number;
  companyId: number;
}

export type PasskeyPurpose = 'register' | 'sign_in' | 'second_factor';

export async function listPasskeys(db: Executor, userId: number) {
  return db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId)).orderBy(asc(userPasskeys.id));
}

export async function countPasskeys(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
  return Number(row?.n ?? 0);
}

export async function findPasskeyByCredential(db: Executor, credentialId: string) {
  const [row] = await db.select().from(userPasskeys).where(eq(userPasskeys.credentialId, credentialId));
  return row;
}

/** A new passkey, or undefined when that credential is already kept (the same authenticator twice). */
export async function insertPasskey(
  db: Executor,
  values: UserRef & { credentialId: string; publicKey: string; counter: number; transports: string; name: string },
) {
  const [row] = await db
    .insert(userPasskeys)
    .values(values)
    .onConflictDoNothing({ target: userPasskeys.credentialId })
    .returning();
  return row;
}

/**
 * Records a use: the counter moves on, and only from the value the check read, so two parallel
 * sign-ins with the same signature cannot both pass (false for the one that lost).
 */
export async function recordUse(db: Executor, id: number, readCounter: number, newCounter: number): Promise<boolean> {
  const rows = await db
    .update(userPasskeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.counter, readCounter)))
    .returning({ id: userPasskeys.id });
  return rows.length === 1;
}

export async function deletePasskey(db: Executor, userId: number, id: number) {
  const [row] = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.userId, userId), eq(userPasskeys.id, id)))
    .returning({ name: userPasskeys.name });
  return row;
}

export async function deleteUserPasskeys(db: Executor, userId: number): Promise<number> {
  const rows = await db.delete(userPasskeys).where(eq(userPasskeys.userId, userId)).returning({ id: userPasskeys.id });
  return rows.length;
}

export async function insertChallenge(
  db: Executor,
  challenge: string,
  purpose: PasskeyPurpose,
  user: UserRef | null,
  expiresAt: Date,
): Promise<void> {
  await db
    .insert(passkeyChallenges)
    .values({ challenge, purpose, userId: user?.userId ?? null, companyId: user?.companyId ?? null, expiresAt });
}

/**
 * Takes a waiting ceremony's challenge for its purpose (and its user, when it has one): true once,
 * however many answers carry it at the same time.
 */
export async function takeChallenge(
  db: Executor,
  challenge: string,
  purpose: PasskeyPurpose,
  userId: number | null,
): Promise<boolean> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? sql`${passkeyChallenges.userId} is null` : eq(passkeyChallenges.userId, userId),
        gt(passkeyChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return rows.length === 1;
}

/** Ceremonies past their minutes (housekeeping). */
export async function purgeExpiredPasskeyChallenges(db: Executor): Promise<number> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(lt(passkeyChallenges.expiresAt, sql`now()`))
    .returning({ challenge: passkeyChallenges.challenge });
  return rows.length;
}

/** The user's e-mail, password hash (for the proof adding a passkey asks) and language (for its notice). */
export async function findCredentials(db: Executor, userId: number) {
  const [row] = await queryRows<{ email: string; passwordHash: string; lang: string }>(
    db,
    sql`
    select email, password_hash as "passwordHash", lang from users where id = ${userId} and deleted_at is null`,
  );
  return row;
}

/** Seconds since the session (refresh-token family) was signed in. */
export async function sessionAgeSeconds(db: Executor, familyId: string): Promise<number | null> {
  const [row] = await queryRows<{ age: number | null }>(
    db,
    sql`
    select extract(epoch from now() - min(created_at))::float8 as age from refresh_tokens where family_id = ${familyId}`,
  );
  return row?.age ?? null;
}

/** Holds the user's row until the transaction ends: their passkey changes take turns. */
export async function lockUser(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`select 1 from users where id = ${userId} for update`);
}
