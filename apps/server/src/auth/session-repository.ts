import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { companies, refreshTokens, users } from '../db/schema.js';

/**
 * The state an authenticated call needs, read in one round trip. `sessionUntil` (epoch ms) is when
 * the family's live refresh token expires: null when the session is over (revoked, rotated away
 * or expired), which is what `sessionAlive` says.
 */
export async function findSessionPrincipal(db: Executor, userId: number, familyId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      companyId: users.companyId,
      role: users.role,
      active: users.active,
      lang: users.lang,
      companyBlocked: companies.blocked,
      registrationComplete: companies.registrationComplete,
      sessionUntil: sql<number | null>`(
        select floor(extract(epoch from max(${refreshTokens.expiresAt})) * 1000)::float8 from ${refreshTokens}
        where ${refreshTokens.familyId} = ${familyId}
          and ${refreshTokens.userId} = ${users.id}
          and ${refreshTokens.revokedAt} is null
          and ${refreshTokens.usedAt} is null
          and ${refreshTokens.expiresAt} > now())`.mapWith(Number),
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(companies.deletedAt)));
  return row ? { ...row, sessionAlive: row.sessionUntil !== null } : undefined;
}

export type SessionPrincipalRow = NonNullable<Awaited<ReturnType<typeof findSessionPrincipal>>>;
