import { numberFormat } from './intl-locale';

/** The digit group separator of each language's Intl locale (ru-RU: no-break space, en-GB: comma). */
const GROUP_SEPARATOR = { ru: '\u00a0', en: ',' } as const;

/**
 * Whole numbers with the language's grouping: 4,000 (en) / 4 000 (ru). A whole number is grouped
 * here, exactly as Intl groups it (lib/format-locale.test.ts compares them): the first Intl number
 * formatter of a page loads the locale's data, ~15 ms of the SIM list's first draw, for counts.
 */
export function formatCount(value: number, lang: string): string {
  if (!Number.isSafeInteger(value)) return numberFormat(lang).format(value);
  const separator = lang === 'en' ? GROUP_SEPARATOR.en : GROUP_SEPARATOR.ru;
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, separator);
  return value < 0 ? `-${grouped}` : grouped;
}

/** A number with up to `digits` decimals in the language's own separators: 12.5 (en) / 12,5 (ru). */
export function formatDecimal(value: number, lang: string, digits: number): string {
  return numberFormat(lang, { maximumFractionDigits: digits }).format(value);
}
