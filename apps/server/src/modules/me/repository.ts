import { count, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies, news, sims, users } from '../../db/schema.js';

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
    .where(seenAt ? gt(news.createdAt, seenAt) : sql`true`)
    .limit(1);
  return rows.length > 0;
}

export async function countCompanySims(db: Executor, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sims).where(eq(sims.companyId, companyId));
  return row?.n ?? 0;
}

