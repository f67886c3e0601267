import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { news, users } from '../../../db/schema.js';
import { newsImages } from '../../../db/schema-content.js';
import type { NewsTexts } from './news-languages.js';

/** Published news, newest publication first (what users read in the drawer). */
export async function listNews(db: Executor, page: number, size: number) {
  const published = isNotNull(news.publishedAt);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(news)
      .where(published)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(news).where(published),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** Every news item, unpublished ones too (root's editor). */
export async function listAllNews(db: Executor, page: number, size: number) {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(news)
      .orderBy(desc(news.createdAt), desc(news.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(news),
  ]);
  return { items, total: total?.n ?? 0 };
}

export type NewsRow = typeof news.$inferSelect;

export async function findNews(db: Executor, id: number): Promise<NewsRow | undefined> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  return row;
}

export async function insertNews(
  db: Executor,
  item: NewsTexts & { image: string | null; imageFile: string | null; authorId: number },
): Promise<NewsRow | undefined> {
  const [row] = await db
    .insert(news)
    .values({ ...item, publishedAt: new Date() })
    .returning();
  return row;
}

export async function updateNews(
  db: Executor,
  id: number,
  item: NewsTexts & { image: string | null; imageFile: string | null },
): Promise<NewsRow | undefined> {
  const [row] = await db
    .update(news)
    .set({ ...item, updatedAt: new Date() })
    .where(eq(news.id, id))
    .returning();
  return row;
}

/** Null unpublishes; a date publishes (again) from that moment. */
export async function setNewsPublished(db: Executor, id: number, publishedAt: Date | null): Promise<NewsRow | undefined> {
  const [row] = await db.update(news).set({ publishedAt, updatedAt: new Date() }).where(eq(news.id, id)).returning();
  return row;
}

export async function markNewsSeen(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ newsSeenAt: new Date() }).where(eq(users.id, userId));
}

export async function insertNewsImage(db: Executor, image: { id: string; ext: string; mime: string; bytes: number; authorId: number }): Promise<void> {
  await db.insert(newsImages).values(image);
}

export async function findNewsImage(db: Executor, id: string) {
  const [row] = await db.select().from(newsImages).where(and(eq(newsImages.id, id)));
  return row;
}
