import { operatorName } from '@cab/contract/network-operators';
import {
  projectMonthEnd,
  USAGE_PERIOD_BUCKETS,
  USAGE_SESSIONS_SHOWN,
  type SimUsageOverview,
  type SimUsageOverviewRequest,
  type UsageBucket,
  type UsageSession,
} from '@cab/contract/sim-usage';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { countryOfOperator, UNKNOWN_COUNTRY } from '../../../network/rating.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import { findSim } from '../list/index.js';
import * as repo from './overview-repository.js';

export interface UsageOverviewDeps {
  db: Db;
  now?: () => Date;
}

/** The SIM page's usage of one visible SIM: the period's buckets, its newest sessions and this month's spend. */
export async function getUsageOverview(
  deps: UsageOverviewDeps,
  principal: Principal,
  input: SimUsageOverviewRequest,
): Promise<SimUsageOverview> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const row = await findSim(db, await resolveCompanyScope(db, principal, undefined, true), input.id);
  if (!row) throw new AppError('not_found');
  const sim = { companyId: row.company_id, simId: row.id };
  const { count, seconds } = USAGE_PERIOD_BUCKETS[input.period];
  // The current hour or day is the last bucket; the period ends where it does.
  const end = (Math.floor(now.getTime() / 1000 / seconds) + 1) * seconds;
  const from = end - count * seconds;
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) / 1000;
  const [counters, sessions, spentCents] = await Promise.all([
    seconds === 3600 ? repo.readHours(db, sim, from, end) : repo.readDays(db, sim, from, end),
    repo.readSessions(db, sim, USAGE_SESSIONS_SHOWN, now),
    repo.readMonthSpendCents(db, sim, monthStart),
  ]);
  const projection = projectMonthEnd(spentCents, now);
  return {
    period: input.period,
    buckets: fillBuckets(counters, from, seconds, count),
    sessions: newestSessions(sessions.map(toSession), USAGE_SESSIONS_SHOWN),
    month: {
      spent: spentCents / 100,
      projected: projection.projectedCents / 100,
      elapsed_days: Math.round(projection.elapsedDays * 100) / 100,
      month_days: projection.monthDays,
    },
  };
}

/** One bucket per hour or day from `from` on, zero where nothing happened. */
export function fillBuckets(rows: repo.CounterRow[], from: number, seconds: number, count: number): UsageBucket[] {
  const byStart = new Map(rows.map((r) => [Number(r.start), r]));
  return Array.from({ length: count }, (_, index) => {
    const start = from + index * seconds;
    const r = byStart.get(start);
    return {
      start,
      bytes_up: Number(r?.bytes_up ?? 0),
      bytes_down: Number(r?.bytes_down ?? 0),
      sms_in: Number(r?.sms_in ?? 0),
      sms_out: Number(r?.sms_out ?? 0),
      calls_in: Number(r?.calls_in ?? 0),
      calls_out: Number(r?.calls_out ?? 0),
      call_seconds: Number(r?.call_seconds ?? 0),
      cost: Number(r?.cost_cents ?? 0) / 100,
    };
  });
}

function toSession(r: repo.SessionRow): UsageSession {
  // RADIUS's running sessions carry only the MCC-MNC; the country follows from its MCC.
  const country = r.country ?? countryOfOperator(r.operator);
  return {
    key: r.key,
    start: Number(r.start),
    end: r.end === null ? null : Number(r.end),
    bytes_up: Number(r.bytes_up),
    bytes_down: Number(r.bytes_down),
    operator: operatorName(r.operator),
    country: country === UNKNOWN_COUNTRY || country === '' ? null : country,
    rat: r.rat || null,
    imei: r.imei || null,
  };
}

/** Running sessions first (newest first), then finished ones by start, newest first. */
function newestSessions(sessions: UsageSession[], limit: number): UsageSession[] {
  const rank = (s: UsageSession) => (s.end === null ? 1 : 0);
  return sessions.sort((a, b) => rank(b) - rank(a) || b.start - a.start).slice(0, limit);
}
