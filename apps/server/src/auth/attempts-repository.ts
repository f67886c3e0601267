import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';

/** The two counters every password check moves: the account's and the client address's. */
export interface AttemptKeys {
  account: string;
  client: string;
}

export interface CountedAttempt {
  /** Attempts in the current window, this one included. */
  account: number;
  client: number;
  /** The window's start, in unix seconds: later statements touch exactly this window. */
  windowEpoch: number;
}

/**
 * Counts one attempt for both keys in the current fixed window, in one statement: the upsert is
 * atomic, so concurrent attempts on any process see each other's counts.
 */
export async function countAttempt(db: Executor, keys: AttemptKeys, windowMinutes: number): Promise<CountedAttempt> {
  const rows = await queryRows<{ key: string; count: number; window_epoch: number }>(
    db,
    sql`
    insert into auth_attempts (key, window_start, count)
    select k, date_bin(make_interval(mins => ${windowMinutes}::int), now(), timestamptz '2000-01-01 00:00:00+00'), 1
    from (values (${keys.account}::text), (${keys.client}::text)) as v(k)
    on conflict (key, window_start) do update set count = auth_attempts.count + 1
    returning key, count, extract(epoch from window_start)::float8 as window_epoch`,
  );
  const countOf = (key: string) => Number(rows.find((r) => r.key === key)?.count ?? 0);
  return {
    account: countOf(keys.account),
    client: countOf(keys.client),
    windowEpoch: Number(rows[0]?.window_epoch ?? 0),
  };
}

/*
 * The two functions below change the account's row and the client's row in statements of their own,
 * one row's lock at a time. As one statement (a data-modifying CTE runs in no set order) they locked
 * the two rows in either order while concurrent countAttempt calls lock account then client: the
 * cycle deadlocked under parallel sign-ins, and the aborted statement could be the right answer's
 * forgiveness (a recovery code spent, the sign-in refused).
 */

/** Takes an attempt back: it never reached the password check. */
export async function uncountAttempt(db: Executor, keys: AttemptKeys, windowEpoch: number): Promise<void> {
  for (const key of [keys.account, keys.client]) {
    await db.execute(sql`
      update auth_attempts set count = count - 1
      where key = ${key} and window_start = to_timestamp(${windowEpoch}::float8) and count > 0`);
  }
}

/** A right password: the account starts afresh, and the client's attempt was no failure. */
export async function forgiveAttempt(db: Executor, keys: AttemptKeys, windowEpoch: number): Promise<void> {
  await db.execute(sql`delete from auth_attempts where key = ${keys.account}`);
  await db.execute(sql`
    update auth_attempts set count = count - 1
    where key = ${keys.client} and window_start = to_timestamp(${windowEpoch}::float8) and count > 0`);
}

/** Drops windows that ended long ago (the longest allowed window is a day). */
export async function purgeOldAttempts(db: Executor): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`
    with gone as (delete from auth_attempts where window_start < now() - interval '2 days' returning 1)
    select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}
