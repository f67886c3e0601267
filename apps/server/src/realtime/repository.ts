import type { Lang } from '@cab/contract/constants';
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { users } from '../db/schema.js';

/** Stores a user's language; a row that already has it is not rewritten (another tab may have set it). */
export async function updateUserLang(db: Executor, userId: number, lang: Lang): Promise<void> {
  await db
    .update(users)
    .set({ lang })
    .where(and(eq(users.id, userId), ne(users.lang, lang)));
}
