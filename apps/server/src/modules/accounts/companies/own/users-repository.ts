import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../../db/client.js';
import { users } from '../../../../db/schema.js';

export interface UserRow {
  id: number;
  companyId: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: string;
  lang: string;
  active: boolean;
}

const columns = {
  id: users.id,
  companyId: users.companyId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  role: users.role,
  lang: users.lang,
  active: users.active,
};

export const USERS_LIMIT = 500;

export async function listUsers(db: Executor, companyId: number): Promise<UserRow[]> {
  return db
    .select(columns)
    .from(users)
    .where(and(eq(users.companyId, companyId), isNull(users.deletedAt)))
    .orderBy(users.lastName, users.firstName, users.id)
    .limit(USERS_LIMIT);
}

export async function findUser(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/** Deleted users keep their address (the unique index covers them), so it stays taken. */
export async function isEmailTaken(db: Executor, email: string, exceptUserId = 0): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select id from users where lower(email) = lower(${email}) and id <> ${exceptUserId} limit 1`,
  );
  return rows.length > 0;
}

export interface NewUser {
  companyId: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: string;
  lang: string;
  passwordHash: string;
}

/** Null when the e-mail was taken meanwhile (the unique index decides, not the earlier check). */
export async function insertUser(db: Executor, user: NewUser): Promise<number | null> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning({ id: users.id });
  return row?.id ?? null;
}

/** PostgreSQL's unique_violation, as the driver or Drizzle's wrapper (in `cause`) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as { code?: unknown }).code : undefined;
  return codeOf(error) === '23505' || (error instanceof Error && codeOf(error.cause) === '23505');
}

export type UserChanges = Partial<Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'phone' | 'role' | 'active'>> & {
  passwordHash?: string;
  deletedAt?: Date;
};

export async function updateUser(db: Executor, id: number, changes: UserChanges): Promise<void> {
  await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
}

/** Serializes changes to one company's users, so two admins cannot remove each other at once. */
export async function lockCompany(db: Executor, companyId: number): Promise<void> {
  await db.execute(sql`select id from companies where id = ${companyId} for update`);
}

export async function countOtherActiveAdmins(db: Executor, companyId: number, exceptUserId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from users
    where company_id = ${companyId} and role = 'admin' and active and deleted_at is null and id <> ${exceptUserId}`,
  );
  return Number(row?.n ?? 0);
}

