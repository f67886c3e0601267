import { describe, expect, it } from 'vitest';
import type { UsageBucket } from '@cab/contract/sim-usage';
import {
  bucketLabel,
  countryNamer,
  formatMetric,
  mccMncLabel,
  metricSeries,
  networkLabel,
  sessionDuration,
} from './usage-series';

const bucket: UsageBucket = {
  start: 0,
  bytes_up: 1500,
  bytes_down: 2_500_000,
  sms_in: 2,
  sms_out: 3,
  calls_in: 4,
  calls_out: 5,
  call_seconds: 61,
  cost: 0.12,
};

describe('usage series', () => {
  it('gives each metric its sent and received series', () => {
    expect(metricSeries('data', bucket)).toEqual([1500, 2_500_000]);
    expect(metricSeries('sms', bucket)).toEqual([3, 2]);
    expect(metricSeries('calls', bucket)).toEqual([5, 4]);
  });

  it('writes traffic with its unit and counts as numbers, in the reader language', () => {
    expect(formatMetric('data', 2_500_000, 'en')).toBe('2.5 MB');
    expect(formatMetric('data', 2_500_000, 'ru')).toBe('2,5 МБ');
    expect(formatMetric('sms', 1234, 'en')).toBe('1,234');
  });

  it('labels hours and UTC days the en-GB way', () => {
    const start = Date.UTC(2026, 10, 28, 14) / 1000;
    expect(bucketLabel('48h', start)).toBe('28/11 14:00');
    expect(bucketLabel('30d', Date.UTC(2026, 0, 5) / 1000)).toBe('05/01');
  });

  it('counts a session as m:ss or h:mm:ss, a running one up to now', () => {
    expect(sessionDuration({ start: 100, end: 165 }, 0)).toBe('1:05');
    expect(sessionDuration({ start: 0, end: 3723 }, 0)).toBe('1:02:03');
    expect(sessionDuration({ start: 1000, end: null }, 1030)).toBe('0:30');
  });

  it('names the network by operator and country, never by its code', () => {
    const en = countryNamer('en');
    expect(networkLabel({ operator: 'MTS', country: 'RU' }, en, 'Unknown operator')).toBe('MTS, Russia');
    expect(networkLabel({ operator: null, country: 'US' }, en, 'Unknown operator')).toBe(
      'Unknown operator, United States',
    );
    expect(networkLabel({ operator: null, country: null }, en, 'Unknown operator')).toBe('—');
    expect(mccMncLabel('262-01', en, '?')).toBe('Telekom Deutschland, Germany');
    expect(mccMncLabel('250-02', countryNamer('ru'), '?')).toBe('MegaFon, Россия');
  });
});
