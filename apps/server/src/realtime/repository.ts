import type { Lang } from '@cab/contract/constants';
import { and, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';
import { users } from '../db/schema.js';

/** Stores a user's language; a row that already has it is not rewritten (another tab may have set it). */
export async function updateUserLang(db: Executor, userId: number, lang: Lang): Promise<void> {
  await db
    .update(users)
    .set({ lang })
    .where(and(eq(users.id, userId), ne(users.lang, lang)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Of the given sign-in sessions (refresh-token families), those with no live refresh token left. */
export async function findEndedSessions(db: Executor, sessionIds: string[]): Promise<Set<string>> {
  const families = sessionIds.filter((id) => UUID.test(id));
  if (families.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(db, sql`
    select f.id::text as id from unnest(${`{${families.join(',')}}`}::uuid[]) as f(id)
    where not exists (
      select 1 from refresh_tokens r
      where r.family_id = f.id and r.revoked_at is null and r.used_at is null and r.expires_at > now())`);
  return new Set(rows.map((r) => r.id));
}
