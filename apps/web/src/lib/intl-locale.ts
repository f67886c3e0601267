/**
 * The Intl locale of a cabinet language: Russian reads as ru-RU (1 250,00 €, 26.11.2026), English as
 * en-GB (€1,250.00, 26/11/2026, spec §9). Every number and date on screen goes through it, so a page
 * never mixes the two.
 */
export function intlLocale(lang: string): 'ru-RU' | 'en-GB' {
  return lang === 'en' ? 'en-GB' : 'ru-RU';
}
