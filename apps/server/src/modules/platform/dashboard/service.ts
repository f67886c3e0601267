import { BLOCK_TYPES } from '@cab/contract/constants';
import { DASHBOARD_USAGE_DAYS, type DashboardSummary } from '@cab/contract/generated-reports';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { resolveCompanyScope } from '../../accounts/companies/index.js';
import * as repo from './repository.js';

const DAY_MS = 86_400_000;

/** The last `days` UTC days, oldest first, today included. */
export function lastDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * The home dashboard: the caller's SIMs by state and the last 30 days of traffic and cost. Root
 * sees its own company here (the whole platform is the Companies page's business); an agent, the
 * companies it referred.
 */
export async function dashboardSummary(db: Db, principal: Principal): Promise<DashboardSummary> {
  const scope = (await resolveCompanyScope(db, principal, undefined, false)) ?? [principal.companyId];
  const days = lastDays(DASHBOARD_USAGE_DAYS);
  const [counts, usage] = await Promise.all([
    repo.countSimsByBlockType(db, scope),
    repo.usagePerDay(db, scope, days[0] ?? ''),
  ]);
  const blocked = Object.fromEntries(BLOCK_TYPES.filter((b) => b !== 'none').map((b) => [b, 0])) as Record<
    string,
    number
  >;
  // Folded after the answer, off its path; a failure only leaves the rows for the hourly fold.
  if (counts.foldDue) void repo.compactSimStateCounts(db, scope).catch(() => undefined);
  let total = 0;
  let active = 0;
  for (const row of counts.rows) {
    total += Number(row.n);
    if (row.block_type === 'none') active += Number(row.n);
    else if (row.block_type in blocked) blocked[row.block_type] = (blocked[row.block_type] ?? 0) + Number(row.n);
  }
  const perDay = new Map(usage.map((u) => [u.day, u]));
  const points = days.map((day) => {
    const u = perDay.get(day);
    return { day, bytes: Number(u?.bytes ?? 0), cost: Number(u?.cost_cents ?? 0) / 100 };
  });
  return {
    sims: { total, active, blocked },
    usage: {
      days: points,
      bytes: points.reduce((sum, p) => sum + p.bytes, 0),
      cost: Math.round(points.reduce((sum, p) => sum + p.cost * 100, 0)) / 100,
    },
  };
}
