import { intlLocale } from './intl-locale';

const formatters = new Map<string, Intl.NumberFormat>();

function euros(lang: string): Intl.NumberFormat {
  const locale = intlLocale(lang);
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** EUR with two decimals in the reader's language: €1,250.00 (en), 1 250,00 € (ru). */
export function formatMoney(value: number, lang: string): string {
  return euros(lang).format(value);
}

/** Integer cents (how money is kept) as EUR; `signed` puts an explicit + on credits (debits carry their −). */
export function formatCents(cents: number, lang: string, signed = false): string {
  const text = euros(lang).format(cents / 100);
  return signed && cents > 0 ? `+${text}` : text;
}
