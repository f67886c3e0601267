import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { companies, passwordResets, users } from '../../../db/schema.js';

export interface ResetUserRow {
  id: number;
  companyId: number;
  email: string;
  lang: string;
}

/** An active, not deleted user of a not deleted company, by e-mail (case-insensitive). */
export async function findActiveUserByEmail(db: Executor, email: string): Promise<ResetUserRow | undefined> {
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId, email: users.email, lang: users.lang })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        eq(users.active, true),
        isNull(users.deletedAt),
        isNull(companies.deletedAt),
      ),
    );
  return row;
}

export async function insertReset(
  db: Executor,
  row: { companyId: number; userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(row);
}

/** Retires every unused link of the user (marked used), so only the newest or none stays valid. */
export async function retireResets(db: Executor, companyId: number, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.companyId, companyId), eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Marks an unused, unexpired reset as used in one statement, so two concurrent resets with the same
 * token cannot both win; answers whose it was.
 */
export async function consumeReset(db: Executor, tokenHash: string): Promise<{ companyId: number; userId: number } | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ companyId: passwordResets.companyId, userId: passwordResets.userId });
  return row;
}

/** Sets the password of an active, not deleted user; false when there is no such user any more. */
export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.active, true), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

