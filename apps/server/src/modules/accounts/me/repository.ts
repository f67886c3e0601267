import { count, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { companies, news, sims, users } from '../../../db/schema.js';

export async function findMe(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      newsSeenAt: users.newsSeenAt,
      companyId: companies.id,
      companyName: companies.name,
      balanceCents: companies.balanceCents,
      billingType: companies.billingType,
      contract: companies.contract,
      balanceProblem: companies.balanceProblem,
      companyBlocked: companies.blocked,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row;
}

export async function hasUnseenNews(db: Executor, seenAt: Date | null): Promise<boolean> {
  const rows = await db
    .select({ id: news.id })
    .from(news)
    // Published (or published again) after the user last read the list.
    .where(seenAt ? gt(news.publishedAt, seenAt) : isNotNull(news.publishedAt))
    .limit(1);
  return rows.length > 0;
}

/** SIMs the user can see: its company's, an agent's referred companies', or (null scope) all. */
export async function countVisibleSims(db: Executor, scope: number[] | null): Promise<number> {
  const where = scope === null ? undefined : scope.length === 0 ? sql`false` : inArray(sims.companyId, scope);
  const [row] = await db.select({ n: count() }).from(sims).where(where);
  return row?.n ?? 0;
}
