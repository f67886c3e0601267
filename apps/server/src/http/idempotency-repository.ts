import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';

/** How long an answer is kept for its key. */
export const KEEP_HOURS = 24;
/**
 * A first call still unanswered after this long died with its process (no handler here runs that
 * long): its key may be used again rather than answer "in progress" for a day.
 */
const ABANDONED_SECONDS = 300;

export interface KeyRef {
  owner: string;
  key: string;
}

export interface KeptRequest {
  route: string;
  body_hash: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
}

/**
 * Claims a key for a first call: true when this call owns it now (new, expired or abandoned).
 * One statement, so of parallel calls with one key exactly one claims it.
 */
export async function claimKey(db: Executor, ref: KeyRef, call: { route: string; bodyHash: string }): Promise<boolean> {
  const rows = await queryRows<{ owner: string }>(db, sql`
    insert into idempotent_requests as k (owner, key, route, body_hash)
    values (${ref.owner}, ${ref.key}, ${call.route}, ${call.bodyHash})
    on conflict (owner, key) do update
      set route = excluded.route, body_hash = excluded.body_hash, status_code = null, content_type = null, body = null, created_at = now()
      where k.created_at < now() - make_interval(hours => ${KEEP_HOURS})
        or (k.status_code is null and k.created_at < now() - make_interval(secs => ${ABANDONED_SECONDS}))
    returning owner`);
  return rows.length > 0;
}

export async function findKept(db: Executor, ref: KeyRef): Promise<KeptRequest | undefined> {
  const rows = await queryRows<KeptRequest>(db, sql`
    select route, body_hash, status_code, content_type, body from idempotent_requests
    where owner = ${ref.owner} and key = ${ref.key}`);
  return rows[0];
}

export async function keepAnswer(db: Executor, ref: KeyRef, answer: { statusCode: number; contentType: string | null; body: string }): Promise<void> {
  await db.execute(sql`
    update idempotent_requests set status_code = ${answer.statusCode}, content_type = ${answer.contentType}, body = ${answer.body}
    where owner = ${ref.owner} and key = ${ref.key} and status_code is null`);
}

/** The first call failed in a way worth trying again (5xx, an answer that cannot be kept): free the key. */
export async function releaseKey(db: Executor, ref: KeyRef): Promise<void> {
  await db.execute(sql`delete from idempotent_requests where owner = ${ref.owner} and key = ${ref.key} and status_code is null`);
}

/** Housekeeping: answers past their 24 hours. */
export async function purgeExpiredKeys(db: Executor): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`
    with gone as (delete from idempotent_requests where created_at < now() - make_interval(hours => ${KEEP_HOURS}) returning 1)
    select count(*)::int as n from gone`);
  return Number(rows[0]?.n ?? 0);
}
