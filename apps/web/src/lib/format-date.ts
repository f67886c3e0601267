import { intlLocale } from './intl-locale';

const dateTimes = new Map<string, Intl.DateTimeFormat>();
const days = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale(lang);
  let formatter = cache.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    cache.set(locale, formatter);
  }
  return formatter;
}

/**
 * A moment from unix seconds, short with hours and minutes (spec §9) in the reader's language:
 * 26/11/2026, 14:05 (en-GB) or 26.11.2026, 14:05 (ru).
 */
export function formatUnixDate(seconds: number, lang: string): string {
  return cached(dateTimes, lang, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(seconds * 1000));
}

/** A calendar day given as YYYY-MM-DD (a UTC day, no time): 01/06/2024 (en) or 01.06.2024 (ru). */
export function formatIsoDay(isoDate: string, lang: string): string {
  return cached(days, lang, { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** A chart's day label, day and month only: 01/03 (en-GB) or 01.03 (ru). */
export function formatDayMonth(isoDate: string, lang: string): string {
  const [, month, day] = isoDate.split('-');
  return lang === 'en' ? `${day}/${month}` : `${day}.${month}`;
}
