import { intlLocale } from './intl-locale';

/** Whole numbers with the language's grouping: 4,000 (en) / 4 000 (ru). */
export function formatCount(value: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang)).format(value);
}

/** A number with up to `digits` decimals in the language's own separators: 12.5 (en) / 12,5 (ru). */
export function formatDecimal(value: number, lang: string, digits: number): string {
  return new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: digits }).format(value);
}
