import type { Lang } from '@cab/contract/constants';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { users } from '../db/schema.js';

export async function updateUserLang(db: Executor, userId: number, lang: Lang): Promise<void> {
  await db.update(users).set({ lang }).where(eq(users.id, userId));
}
