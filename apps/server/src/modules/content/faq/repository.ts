import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { settings } from '../../../db/schema.js';
import { faqEntries } from '../../../db/schema-content.js';

export type FaqRow = typeof faqEntries.$inferSelect;
export type NewFaqRow = typeof faqEntries.$inferInsert;
type FaqChange = Omit<NewFaqRow, 'id' | 'createdAt'>;

export async function listFaqRows(db: Executor): Promise<FaqRow[]> {
  return db.select().from(faqEntries).orderBy(asc(faqEntries.position), asc(faqEntries.id));
}

/** Marks the FAQ seeded; false when it already was (the seed runs on a database's first start only). */
export async function markFaqSeeded(tx: Executor): Promise<boolean> {
  const marked = await tx.insert(settings).values({ key: 'faq_seeded', value: '1' }).onConflictDoNothing().returning();
  return marked.length > 0;
}

export async function insertDefaultFaq(tx: Executor, rows: NewFaqRow[]): Promise<void> {
  await tx.insert(faqEntries).values(rows).onConflictDoNothing();
}

/** The inserted row; undefined when the id is taken. */
export async function insertFaq(tx: Executor, row: NewFaqRow): Promise<FaqRow | undefined> {
  const [inserted] = await tx.insert(faqEntries).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The updated row; undefined when there is none of that id. */
export async function updateFaq(tx: Executor, id: string, change: FaqChange): Promise<FaqRow | undefined> {
  const [updated] = await tx.update(faqEntries).set(change).where(eq(faqEntries.id, id)).returning();
  return updated;
}

export async function deleteFaq(tx: Executor, id: string): Promise<boolean> {
  const deleted = await tx.delete(faqEntries).where(eq(faqEntries.id, id)).returning({ id: faqEntries.id });
  return deleted.length > 0;
}
