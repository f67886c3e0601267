import type { Lang } from '@cab/contract/constants';

/** Whole numbers with the language's grouping: 4,000 (en) / 4 000 (ru). */
export function formatCount(value: number, lang: string): string {
  const locale: Lang = lang === 'en' ? 'en' : 'ru';
  return new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ru-RU').format(value);
}
