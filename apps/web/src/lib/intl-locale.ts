/**
 * The Intl locale of a cabinet language for numbers and money: Russian reads as ru-RU (1 250,00 €),
 * English as en-GB (€1,250.00). Every number on screen goes through it, so a page never mixes the two.
 * Dates are en-GB in both languages (spec §9, lib/format-date.ts).
 */
export function intlLocale(lang: string): 'ru-RU' | 'en-GB' {
  return lang === 'en' ? 'en-GB' : 'ru-RU';
}

/**
 * Dates are en-GB in both languages (spec §9: "en-GB short format with hours and minutes"); only the
 * words around them (month names in pickers) follow the reader's language.
 */
export const DATE_LOCALE = 'en-GB';

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The number formatter of a language and options, built once: building one costs far more than
 * formatting with it (a new one per count was ~15 ms of the SIM list's first draw).
 */
export function numberFormat(lang: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = intlLocale(lang);
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = numberFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, formatter);
  }
  return formatter;
}
