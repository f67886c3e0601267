import { operatorName } from '@cab/contract/network-operators';
import { countryByMcc } from '@cab/contract/sim-rules';
import type { UsageBucket, UsagePeriod, UsageSession } from '@cab/contract/sim-usage';
import { formatBytes } from '@/lib/format-bytes';
import { formatDecimal } from '@/lib/format-count';

/** What the SIM page's usage chart shows: traffic, SMS or calls, each as two series (up/down, out/in). */
export const USAGE_METRICS = ['data', 'sms', 'calls'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/** The two series of a metric, in the order they stack: what the SIM sent, then what it received. */
export function metricSeries(metric: UsageMetric, bucket: UsageBucket): [number, number] {
  if (metric === 'data') return [bucket.bytes_up, bucket.bytes_down];
  if (metric === 'sms') return [bucket.sms_out, bucket.sms_in];
  return [bucket.calls_out, bucket.calls_in];
}

/** A bucket's value written for people: traffic with its unit, counts as numbers. */
export function formatMetric(metric: UsageMetric, value: number, lang: string): string {
  return metric === 'data' ? formatBytes(value, lang) : formatDecimal(value, lang, 0);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A bucket's label (UTC, as the buckets are cut): hours as `28/11 14:00`, days as `28/11` — the
 * en-GB order every date on the cabinet uses.
 */
export function bucketLabel(period: UsagePeriod, start: number): string {
  const date = new Date(start * 1000);
  const day = `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}`;
  return period === '48h' ? `${day} ${pad(date.getUTCHours())}:00` : day;
}

/** A session's length as h:mm:ss (m:ss under an hour); a running one counts up to `nowSeconds`. */
export function sessionDuration(session: Pick<UsageSession, 'start' | 'end'>, nowSeconds: number): string {
  const total = Math.max(0, (session.end ?? nowSeconds) - session.start);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** The serving network as people name it: operator and country; parts the network did not tell are left out. */
export function networkLabel(
  session: Pick<UsageSession, 'operator' | 'country'>,
  countryName: (code: string) => string,
  unknownOperator: string,
): string {
  const country = session.country ? countryName(session.country) : null;
  if (!session.operator && !country) return '—';
  return [session.operator ?? unknownOperator, country].filter(Boolean).join(', ');
}

/** A country's name in the reader's language from its ISO code (the browser knows them all). */
export function countryNamer(lang: string): (code: string) => string {
  const names = new Intl.DisplayNames([lang === 'en' ? 'en' : 'ru'], { type: 'region' });
  return (code) => names.of(code) ?? code;
}

/** The network card's serving network (an MCC-MNC, as the network reports it) in the same words as the sessions. */
export function mccMncLabel(mccMnc: string, countryName: (code: string) => string, unknownOperator: string): string {
  return networkLabel(
    { operator: operatorName(mccMnc), country: countryByMcc(mccMnc.slice(0, 3))?.code ?? null },
    countryName,
    unknownOperator,
  );
}
