import { DATE_LOCALE } from './intl-locale';

const dateTimes = new Map<string, Intl.DateTimeFormat>();
const days = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let formatter = cache.get(DATE_LOCALE);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(DATE_LOCALE, options);
    cache.set(DATE_LOCALE, formatter);
  }
  return formatter;
}

/**
 * A moment from unix seconds, en-GB short with hours and minutes (spec §9): 26/11/2026, 14:05. The
 * language argument stays so callers need not know dates are the one exception.
 */
export function formatUnixDate(seconds: number, _lang: string): string {
  return cached(dateTimes, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(seconds * 1000));
}

/** A calendar day given as YYYY-MM-DD (a UTC day, no time), en-GB: 01/06/2024. */
export function formatIsoDay(isoDate: string, _lang: string): string {
  return cached(days, { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** A chart's day label, day and month only, en-GB: 01/03. */
export function formatDayMonth(isoDate: string, _lang: string): string {
  const [, month, day] = isoDate.split('-');
  return `${day}/${month}`;
}
