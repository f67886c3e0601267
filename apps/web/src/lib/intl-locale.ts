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
