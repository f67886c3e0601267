import { numberFormat } from './intl-locale';

const EUROS: Intl.NumberFormatOptions = { style: 'currency', currency: 'EUR' };

/** EUR with two decimals in the reader's language: €1,250.00 (en), 1 250,00 € (ru). */
export function formatMoney(value: number, lang: string): string {
  return numberFormat(lang, EUROS).format(value);
}

/** Integer cents (how money is kept) as EUR; `signed` puts an explicit + on credits (debits carry their −). */
export function formatCents(cents: number, lang: string, signed = false): string {
  const text = numberFormat(lang, EUROS).format(cents / 100);
  return signed && cents > 0 ? `+${text}` : text;
}
