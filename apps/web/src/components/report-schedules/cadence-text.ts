import type { TFunction } from 'i18next';
import type { ReportScheduleTiming } from '@cab/contract/report-schedules';
import { intlLocale } from '@/lib/intl-locale';

/** An ISO weekday (1 Monday … 7 Sunday) in the language's own words, from a known Monday (2024-01-01). */
export function weekdayName(weekday: number, lang: string): string {
  const day = new Date(Date.UTC(2024, 0, weekday));
  return new Intl.DateTimeFormat(intlLocale(lang), { weekday: 'long', timeZone: 'UTC' }).format(day);
}

/** A UTC hour as HH:00. */
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * When a schedule runs, as one sentence: "Every Monday at 07:00 UTC". A monthly day past 28 says that
 * a shorter month runs on its last day, as the server does.
 */
export function describeCadence(timing: ReportScheduleTiming, t: TFunction, lang: string): string {
  const time = hourText(timing.hour);
  if (timing.cadence === 'weekly') return t('reportSchedules.cadenceText.weekly', { weekday: weekdayName(timing.weekday ?? 1, lang), time });
  if (timing.cadence === 'monthly') {
    const day = timing.month_day ?? 1;
    return t(day > 28 ? 'reportSchedules.cadenceText.monthlyLate' : 'reportSchedules.cadenceText.monthly', { day, time });
  }
  return t('reportSchedules.cadenceText.daily', { time });
}

/** Recipients typed one per line or separated by commas or spaces, without empties. */
export function splitRecipients(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}
