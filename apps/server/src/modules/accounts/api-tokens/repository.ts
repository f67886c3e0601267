import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.js';
import { apiTokens } from '../../../db/schema-accounts.js';

export interface ApiTokenRow {
  id: number;
  name: string;
  prefix: string;
  created: number;
  last_used: number | null;
  last_used_ip: string | null;
  created_by: string;
}

const selectTokens = (where: ReturnType<typeof sql>) => sql`
  select t.id::int as id, t.name, t.prefix,
         extract(epoch from t.created_at)::int as created,
         extract(epoch from t.last_used_at)::int as last_used, t.last_used_ip,
         coalesce(trim(u.first_name || ' ' || u.last_name), '') as created_by
  from api_tokens t left join users u on u.id = t.created_by
  where ${where}`;

export async function listActiveTokens(db: Executor, companyId: number, limit: number): Promise<ApiTokenRow[]> {
  return queryRows<ApiTokenRow>(
    db,
    sql`${selectTokens(sql`t.company_id = ${companyId} and t.revoked_at is null`)}
    order by t.created_at desc, t.id desc limit ${limit}`,
  );
}

export async function findToken(db: Executor, companyId: number, id: number): Promise<ApiTokenRow | undefined> {
  const [row] = await queryRows<ApiTokenRow>(db, selectTokens(sql`t.company_id = ${companyId} and t.id = ${id}`));
  return row;
}

export async function countActiveTokens(db: Executor, companyId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from api_tokens where company_id = ${companyId} and revoked_at is null`,
  );
  return Number(row?.n ?? 0);
}

export interface NewApiToken {
  companyId: number;
  name: string;
  tokenHash: string;
  prefix: string;
  createdBy: number;
}

export async function insertToken(db: Executor, token: NewApiToken): Promise<number> {
  const [row] = await db.insert(apiTokens).values(token).returning({ id: apiTokens.id });
  if (!row) throw new Error('api token was not stored');
  return row.id;
}

export async function revokeToken(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length === 1;
}

/** A deleted user's tokens are revoked with them (a blocked user's are only suspended, see below). */
export async function revokeTokensOfUser(db: Executor, companyId: number, userId: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.createdBy, userId), isNull(apiTokens.revokedAt)));
}
