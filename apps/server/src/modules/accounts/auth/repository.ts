import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { companies, refreshTokens, users } from '../../../db/schema.js';

export async function findUserForLogin(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      role: users.role,
      passwordHash: users.passwordHash,
      active: users.active,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt), isNull(companies.deletedAt)));
  return row;
}

export interface NewRefreshToken {
  companyId: number;
  userId: number;
  familyId: string;
  tokenHash: string;
  impersonatorId: number | null;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

export async function insertRefreshToken(db: Executor, token: NewRefreshToken): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a token used unless someone else already did; false means it was reused. */
export async function markRefreshTokenUsed(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Signs the user out everywhere; answers the revoked families, whose sockets must close. */
export async function revokeAllFamilies(db: Executor, userId: number): Promise<string[]> {
  const rows = await queryRows<{ family_id: string }>(
    db,
    sql`
    update ${refreshTokens} set revoked_at = now()
    where user_id = ${userId} and revoked_at is null
    returning family_id::text as family_id`,
  );
  return [...new Set(rows.map((r) => r.family_id))];
}
