import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { news, users } from '../../db/schema.js';

export async function listNews(db: Executor, page: number, size: number) {
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

export async function insertNews(db: Executor, item: { title: string; text: string; image: string | null; authorId: number }) {
  const [row] = await db.insert(news).values(item).returning();
  return row;
}

export async function markNewsSeen(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ newsSeenAt: new Date() }).where(eq(users.id, userId));
}
