import { AUDIT_RETENTION_DAYS } from '@cab/contract/company-audit';
import { lt, or, isNotNull, and, sql } from 'drizzle-orm';
import { purgeOldTokenCalls } from '../auth/api-token-calls-repository.js';
import { purgeOldAttempts } from '../auth/attempts-repository.js';
import { purgeExpiredKeys } from '../http/idempotency-repository.js';
import type { Db } from '../db/client.js';
import { networkAppliedOps, refreshTokens } from '../db/schema.js';
import { registrationRequests } from '../db/schema-accounts.js';
import { describeError } from '../log/loggable-error.js';
import { purgeExpiredChallenges } from '../modules/accounts/two-factor/index.js';
import { purgeExpiredSignIns } from '../modules/accounts/sso/index.js';
import { purgeExpiredPasskeyChallenges } from '../modules/accounts/passkeys/index.js';
import { purgeOldAudit } from '../modules/platform/audit/index.js';
import { compactSimStateCounts } from '../modules/platform/dashboard/index.js';
import { purgeExpiredOperations } from '../modules/platform/operations/index.js';

const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const INTERVAL_MS = 60 * 60 * 1000;

/** Drops refresh tokens that expired, or were used or revoked, more than a week ago. */
export async function purgeOldRefreshTokens(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const rows = await db
    .delete(refreshTokens)
    .where(
      or(
        lt(refreshTokens.expiresAt, cutoff),
        and(isNotNull(refreshTokens.revokedAt), lt(refreshTokens.revokedAt, cutoff)),
        and(isNotNull(refreshTokens.usedAt), lt(refreshTokens.usedAt, cutoff)),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length;
}

const APPLIED_OPS_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** The simulated network forgets idempotency keys of operations older than 30 days. */
export async function purgeOldNetworkOps(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .delete(networkAppliedOps)
    .where(lt(networkAppliedOps.appliedAt, new Date(now.getTime() - APPLIED_OPS_RETENTION_MS)))
    .returning({ key: networkAppliedOps.key });
  return rows.length;
}

/** Registration links that were opened or expired: their password hashes have no use left. */
export async function purgeSpentRegistrationRequests(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .delete(registrationRequests)
    .where(or(lt(registrationRequests.expiresAt, now), isNotNull(registrationRequests.usedAt)))
    .returning({ id: registrationRequests.id });
  return rows.length;
}

/**
 * The worker role's periodic jobs; returns a stop function. `embedded`: the database is PGlite,
 * which has no autovacuum daemon, so nothing else gathers the planner's statistics: without them
 * it plans the list's queries blind (bench/pglite-list.ts: 20 connections, no filter, 72 → 166 req/s).
 */
export function startHousekeeping(db: Db, log: (message: string) => void, options: { embedded?: boolean } = {}): () => void {
  const run = () => {
    Promise.all([
      purgeOldRefreshTokens(db),
      purgeOldNetworkOps(db),
      purgeOldAttempts(db),
      purgeSpentRegistrationRequests(db),
      purgeExpiredOperations(db),
      compactSimStateCounts(db, null),
      purgeExpiredKeys(db),
      purgeOldTokenCalls(db),
      purgeOldAudit(db, AUDIT_RETENTION_DAYS),
      purgeExpiredChallenges(db),
      purgeExpiredSignIns(db),
      purgeExpiredPasskeyChallenges(db),
    ])
      .then(async (removed) => {
        if (options.embedded) await db.execute(sql`analyze`);
        return removed;
      })
      .then(
        ([tokens, ops, attempts, links, operations, , keys, calls, audit, challenges, signIns, ceremonies]) =>
          tokens + ops + attempts + links + operations + keys + calls + audit + challenges + signIns + ceremonies > 0 &&
          log(
            `housekeeping: removed ${tokens} old refresh tokens, ${ops} old network operations, ${attempts} old password-attempt counters, ${links} spent registration links, ${operations} bulk operations past retention, ${keys} idempotency keys past 24 h, ${calls} API token call counters, ${audit} audit rows past a year, ${challenges} expired second-factor challenges, ${signIns} single sign-ons that never came back, ${ceremonies} passkey ceremonies never answered`,
          ),
      )
      .catch((error: unknown) => log(`housekeeping failed: ${describeError(error)}`));
  };
  run();
  const timer = setInterval(run, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
