/**
 * Working-time arithmetic of roaming changes (spec §5: "take up to 3 working days"). Saturdays and
 * Sundays (UTC) do not count; a request made on a weekend starts counting on Monday 00:00 UTC.
 */

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

const isWeekend = (date: Date): boolean => date.getUTCDay() === 0 || date.getUTCDay() === 6;

function startOfNextUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1));
}

/** `start` plus `minutes` of working time. */
export function addWorkingMinutes(start: Date, minutes: number): Date {
  let at = new Date(start.getTime());
  let left = Math.max(0, Math.floor(minutes));
  // Bounded: each pass either skips a weekend day or consumes the rest of a working day.
  for (let guard = 0; guard < 100_000; guard++) {
    if (isWeekend(at)) {
      at = startOfNextUtcDay(at);
      continue;
    }
    const dayEnd = startOfNextUtcDay(at);
    const room = (dayEnd.getTime() - at.getTime()) / MINUTE_MS;
    if (left < room) return new Date(at.getTime() + left * MINUTE_MS);
    left -= room;
    at = dayEnd;
    if (left === 0 && !isWeekend(at)) return at;
  }
  return at;
}

/** `start` plus whole working days: a Friday 10:00 request plus 3 is Wednesday 10:00. */
export function addWorkingDays(start: Date, days: number): Date {
  return addWorkingMinutes(start, days * DAY_MINUTES);
}
