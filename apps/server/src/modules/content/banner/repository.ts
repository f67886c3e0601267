import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { companies } from '../../../db/schema.js';
import { bannerDismissals, banners } from '../../../db/schema-content.js';

export type BannerRow = typeof banners.$inferSelect;
export type NewBanner = typeof banners.$inferInsert;

/** The latest banner, withdrawn or not (the editor starts from it). */
export async function findLatestBanner(db: Executor): Promise<BannerRow | undefined> {
  const [row] = await db.select().from(banners).orderBy(desc(banners.id)).limit(1);
  return row;
}

/** The banner in force: the latest one not withdrawn (its window and audience decide who sees it). */
export async function findCurrentBanner(db: Executor): Promise<BannerRow | undefined> {
  const [row] = await db.select().from(banners).where(isNull(banners.withdrawnAt)).orderBy(desc(banners.id)).limit(1);
  return row;
}

export async function withdrawBanners(db: Executor): Promise<number[]> {
  const rows = await db.update(banners).set({ withdrawnAt: new Date() }).where(isNull(banners.withdrawnAt)).returning({ id: banners.id });
  return rows.map((row) => row.id);
}

export async function insertBanner(db: Executor, banner: NewBanner): Promise<BannerRow | undefined> {
  const [row] = await db.insert(banners).values(banner).returning();
  return row;
}

/** Which of these ids are live companies (not deleted, registration finished). */
export async function existingCompanyIds(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, ids), isNull(companies.deletedAt), eq(companies.registrationComplete, true)));
  return rows.map((row) => row.id);
}

export async function dismissedBannerId(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ id: bannerDismissals.bannerId }).from(bannerDismissals).where(eq(bannerDismissals.userId, userId));
  return row?.id ?? 0;
}

export async function dismissBanner(db: Executor, userId: number, bannerId: number): Promise<void> {
  await db
    .insert(bannerDismissals)
    .values({ userId, bannerId })
    .onConflictDoUpdate({
      target: bannerDismissals.userId,
      set: { bannerId: sql`greatest(${bannerDismissals.bannerId}, excluded.banner_id)`, dismissedAt: new Date() },
    });
}
