import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { apiTokens } from '../db/schema-accounts.js';
import { companies, users } from '../db/schema.js';

/** What authenticating a token needs, in one round trip; revoked tokens and deleted companies are not found. */
export async function findTokenPrincipal(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      companyId: apiTokens.companyId,
      createdBy: apiTokens.createdBy,
      lastUsedAt: apiTokens.lastUsedAt,
      lastUsedIp: apiTokens.lastUsedIp,
      companyBlocked: companies.blocked,
      registrationComplete: companies.registrationComplete,
      lang: users.lang,
    })
    .from(apiTokens)
    .innerJoin(companies, eq(companies.id, apiTokens.companyId))
    // A token acts for its creator: it is suspended while the creator is blocked, and dies with them.
    .innerJoin(users, and(eq(users.id, apiTokens.createdBy), eq(users.active, true), isNull(users.deletedAt)))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt), isNull(companies.deletedAt)));
  return row;
}

/**
 * Records use at most once a minute per token and address, so busy clients do not write on every
 * call; a call from another address is recorded at once.
 */
export async function touchToken(db: Executor, companyId: number, id: number, ip: string | null): Promise<void> {
  await db.execute(sql`
    update api_tokens set last_used_at = now(), last_used_ip = ${ip}
    where company_id = ${companyId} and id = ${id}
      and (last_used_at is null or last_used_at < now() - interval '1 minute' or last_used_ip is distinct from ${ip})`);
}
