import { eq, gt, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { companies, news, users } from '../../../db/schema.js';

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
