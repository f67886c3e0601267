import type { ErrorCode } from '@cab/contract/errors';
import { AppError } from '../http/errors.js';

const DAY_MS = 86_400_000;

export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
export const startOfDay = (day: string): Date => new Date(`${day}T00:00:00Z`);
/** The first instant after a day (its end, exclusive). */
export const endOfDay = (day: string): Date => new Date(startOfDay(day).getTime() + DAY_MS);

/**
 * The range a log search covers, whole UTC days with both ends included: none given is the last
 * `defaultDays` days up to today; one end alone takes the default length from it. Longer than
 * `maxDays` is refused with `tooLong` ({max}), an end before the start with report_range_invalid.
 */
export function resolveDayRange(
  filter: { from?: string; to?: string },
  limits: { defaultDays: number; maxDays: number; tooLong: ErrorCode },
  now = new Date(),
): { from: string; to: string } {
  const span = (limits.defaultDays - 1) * DAY_MS;
  const to = filter.to ?? (filter.from ? dayOf(new Date(Math.min(startOfDay(filter.from).getTime() + span, now.getTime()))) : dayOf(now));
  const from = filter.from ?? dayOf(new Date(startOfDay(to).getTime() - span));
  if (from > to) throw new AppError('report_range_invalid', { from: 'invalid' });
  const days = (startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS + 1;
  if (days > limits.maxDays) throw new AppError(limits.tooLong, { to: 'invalid' }, { max: limits.maxDays });
  return { from, to };
}
