import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { refreshTokens, users } from '../../../db/schema.js';

export interface ProfileRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  lang: string;
  passwordHash: string;
}

export async function findProfile(db: Executor, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      lang: users.lang,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  phone: string | null;
  lang: string;
}

export async function updateProfile(db: Executor, userId: number, changes: ProfileChanges): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export interface SessionRow {
  family_id: string;
  created: number;
  last_used: number;
  user_agent: string | null;
  ip: string | null;
}

/** One row per refresh-token family that still holds a usable token, newest activity first. */
export async function listLiveSessions(db: Executor, userId: number): Promise<SessionRow[]> {
  return queryRows<SessionRow>(
    db,
    sql`
    select f.family_id::text as family_id,
           extract(epoch from f.first_created)::int as created,
           extract(epoch from newest.created_at)::int as last_used,
           newest.user_agent, newest.ip
    from (
      select family_id, min(created_at) as first_created
      from refresh_tokens
      where user_id = ${userId}
      group by family_id
      having bool_or(revoked_at is null and used_at is null and expires_at > now())
    ) f
    cross join lateral (
      select t.created_at, t.user_agent, t.ip from refresh_tokens t
      where t.family_id = f.family_id
      order by t.created_at desc, t.id desc limit 1
    ) newest
    order by newest.created_at desc, f.family_id
    limit 200`,
  );
}

/** Revokes every live family of the user but one; answers the revoked family ids. */
export async function revokeOtherFamilies(db: Executor, userId: number, keepFamilyId: string): Promise<string[]> {
  const rows = await queryRows<{ family_id: string }>(
    db,
    sql`
    update ${refreshTokens} set revoked_at = now()
    where user_id = ${userId} and family_id <> ${keepFamilyId} and revoked_at is null
    returning family_id::text as family_id`,
  );
  return [...new Set(rows.map((r) => r.family_id))];
}
