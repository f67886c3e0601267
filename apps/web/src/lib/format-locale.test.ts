import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';
import { formatDayMonth, formatIsoDay, formatUnixDate } from './format-date';
import { formatCents, formatMoney } from './format-money';
import { numberFormat } from './intl-locale';

const NBSP = '\u00a0';
// 2026-03-01 09:05 UTC; the test runs with the machine's zone, so only the date part is pinned.
const MOMENT = Date.UTC(2026, 2, 1, 12, 5) / 1000;

describe('numbers, money and dates follow the reader’s language', () => {
  it('writes money as the language does', () => {
    expect(formatMoney(1250, 'ru')).toBe(`1${NBSP}250,00${NBSP}€`);
    expect(formatMoney(1250, 'en')).toBe('€1,250.00');
    expect(formatCents(-2550, 'ru', true)).toBe(`-25,50${NBSP}€`);
    expect(formatCents(2000, 'en', true)).toBe('+€20.00');
  });

  it('groups whole numbers exactly as Intl does, without building a formatter', () => {
    const samples = [0, 7, 42, 999, 1000, 4000, 9999, 10_000, 12_345, 100_000, 999_999, 1_000_000, 300_000, 1_234_567_890, -1, -4000, -1_234_567];
    for (const lang of ['ru', 'en']) {
      for (const value of samples) expect(formatCount(value, lang)).toBe(numberFormat(lang).format(value));
    }
    // Anything but a whole number goes to Intl.
    expect(formatCount(1234.5, 'en')).toBe('1,234.5');
    expect(formatCount(1234.5, 'ru')).toBe(`1${NBSP}234,5`);
  });

  it('builds a number formatter once per language and options', () => {
    expect(numberFormat('ru')).toBe(numberFormat('ru'));
    expect(numberFormat('en')).not.toBe(numberFormat('ru'));
    expect(numberFormat('ru', { maximumFractionDigits: 1 })).toBe(numberFormat('ru', { maximumFractionDigits: 1 }));
    expect(numberFormat('ru', { maximumFractionDigits: 1 })).not.toBe(numberFormat('ru'));
  });

  it('groups counts as the language does', () => {
    expect(formatCount(4000, 'ru')).toBe(`4${NBSP}000`);
    expect(formatCount(4000, 'en')).toBe('4,000');
  });

  it('writes dates en-GB short with hours and minutes in both languages (spec §9)', () => {
    expect(formatUnixDate(MOMENT, 'ru')).toMatch(/^01\/03\/2026, \d{2}:\d{2}$/);
    expect(formatUnixDate(MOMENT, 'en')).toMatch(/^01\/03\/2026, \d{2}:\d{2}$/);
    expect(formatIsoDay('2024-06-01', 'ru')).toBe('01/06/2024');
    expect(formatIsoDay('2024-06-01', 'en')).toBe('01/06/2024');
    expect(formatDayMonth('2024-06-01', 'ru')).toBe('01/06');
    expect(formatDayMonth('2024-06-01', 'en')).toBe('01/06');
  });
});

/** Every source file of the app, as text. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });

describe('no screen formats with a fixed or the browser’s locale', () => {
  it('leaves the locale to lib/intl-locale.ts', () => {
    const offenders = Object.entries(sources)
      .filter(([path]) => !path.endsWith('/intl-locale.ts'))
      .filter(([, text]) => /'en-GB'|'ru-RU'|'en-US'|\.toLocale(Date|Time)?String\(|toFixed\(2\)/.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });

  it('has no native date inputs, which show the browser’s format (mm/dd/yyyy) instead of the language’s', () => {
    const offenders = Object.entries(sources)
      .filter(([, text]) => /type="date"/.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
