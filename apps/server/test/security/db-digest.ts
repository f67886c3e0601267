import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client.js';

/**
 * Bookkeeping that may change on any call, even a refused one, and so is left out of the digest.
 * Only the public schema is digested: pg-boss keeps its own schema (`pgboss`: job queue, its
 * maintenance timestamps) and drizzle its migration journal (`drizzle`), neither of which is data
 * a request may change.
 */
const EXCLUDED_ROWS: Record<string, string> = {
  // One row per API-token call, written after the answer (auth/authenticate.ts), whatever it was.
  audit_log: `action <> 'api_call'`,
};
const EXCLUDED_COLUMNS: Record<string, string[]> = {
  // Touched when an API token authenticates a call, refused or not.
  api_tokens: ['last_used_at'],
};
/** Counters of password attempts (auth_attempts) and rate limits: they count refused calls too. */
const EXCLUDED_TABLES = /(^|_)(auth_attempts|login_attempts?|rate_limits?|attempt_counters?)$/;

/** One fingerprint per table of the public schema over all its rows (order-independent). */
export async function digestTables(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(db, sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const parts = tables
    .filter(({ name }) => !EXCLUDED_TABLES.test(name))
    .map(({ name }) => {
      const columns = EXCLUDED_COLUMNS[name] ?? [];
      const row = columns.length ? `(to_jsonb(t) - array[${columns.map((c) => `'${c}'`).join(',')}])::text` : 't::text';
      const where = EXCLUDED_ROWS[name] ? `where ${EXCLUDED_ROWS[name]}` : '';
      // A sum of 64-bit row hashes with the row count: order-independent without sorting (the fuzz
      // digests the whole database twice per route; string_agg over sorted md5s took most of its time).
      return `select '${name}' as name, count(*) || ':' || coalesce(sum(hashtextextended(${row}, 0)::numeric), 0) as hash from "${name}" t ${where}`;
    });
  const rows = await queryRows<{ name: string; hash: string }>(db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

/** The tables whose rows differ between two digests. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
