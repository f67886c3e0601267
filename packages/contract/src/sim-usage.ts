import { z } from 'zod';
import { Id } from './common.js';
import { read } from './endpoint.js';

/*
 * Usage on the SIM page (issue 25.1): traffic per hour or day over a period, the latest data
 * sessions (finished and running) and this month's spend with a projected month-end cost.
 */

/** 48 hours by the hour; 30 and 90 days by the UTC day. */
export const USAGE_PERIODS = ['48h', '30d', '90d'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

/** How many buckets each period has and how long one is, in seconds. */
export const USAGE_PERIOD_BUCKETS: Readonly<Record<UsagePeriod, { count: number; seconds: number }>> = {
  '48h': { count: 48, seconds: 3600 },
  '30d': { count: 30, seconds: 86_400 },
  '90d': { count: 90, seconds: 86_400 },
};

/** The latest data sessions the SIM page lists. */
export const USAGE_SESSIONS_SHOWN = 20;

export const SimUsageOverviewRequest = z.strictObject({ id: Id, period: z.enum(USAGE_PERIODS) });
export type SimUsageOverviewRequest = z.infer<typeof SimUsageOverviewRequest>;

/** What one hour or day adds up to; `start` is its first second (unix, UTC). */
export const UsageBucket = z.object({
  start: z.number().int(),
  bytes_up: z.number(),
  bytes_down: z.number(),
  sms_in: z.number().int(),
  sms_out: z.number().int(),
  calls_in: z.number().int(),
  calls_out: z.number().int(),
  call_seconds: z.number().int(),
  /** EUR */
  cost: z.number(),
});
export type UsageBucket = z.infer<typeof UsageBucket>;

export const UsageSession = z.object({
  /** Unique within the answer: the network's record key. */
  key: z.string(),
  start: z.number().int(),
  /** Null while the session runs (RADIUS has not sent its Stop yet). */
  end: z.number().int().nullable(),
  bytes_up: z.number(),
  bytes_down: z.number(),
  /** The serving network's operator name; null when the network is not in the operator table. */
  operator: z.string().nullable(),
  /** ISO 3166-1 alpha-2 of the serving network; null when unknown. */
  country: z.string().nullable(),
  rat: z.string().nullable(),
  /** The device's IMEI(SV) when the network told it. */
  imei: z.string().nullable(),
});
export type UsageSession = z.infer<typeof UsageSession>;

export const MonthSpend = z.object({
  /** EUR spent this UTC month so far. */
  spent: z.number(),
  /** EUR at month end at the pace so far: spent ÷ elapsed days × days of the month. */
  projected: z.number(),
  /** Days of the month elapsed (fractional, at least 1), and the month's length. */
  elapsed_days: z.number(),
  month_days: z.number().int(),
});
export type MonthSpend = z.infer<typeof MonthSpend>;

export const SimUsageOverview = z.object({
  period: z.enum(USAGE_PERIODS),
  /** Oldest first, one per hour or day of the period, empty ones included. */
  buckets: z.array(UsageBucket),
  /** Newest first: running sessions, then finished ones. */
  sessions: z.array(UsageSession),
  month: MonthSpend,
});
export type SimUsageOverview = z.infer<typeof SimUsageOverview>;

export const SIM_USAGE_API = {
  overview: read('/api/sims/usage/overview', {
    body: SimUsageOverviewRequest,
    result: SimUsageOverview,
    access: 'sims.read',
  }),
} as const;

const DAY_SECONDS = 86_400;

/**
 * Month-end cost at this month's pace: what was spent so far, divided by the days elapsed (counted
 * to the second, but at least one, so the first hours of a month do not extrapolate wildly), times
 * the days of the month. Cents in, cents out.
 */
export function projectMonthEnd(
  spentCents: number,
  now: Date,
): { projectedCents: number; elapsedDays: number; monthDays: number } {
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const monthDays = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  const elapsedDays = Math.min(monthDays, Math.max(1, (now.getTime() - monthStart) / 1000 / DAY_SECONDS));
  return { projectedCents: Math.round((spentCents / elapsedDays) * monthDays), elapsedDays, monthDays };
}
