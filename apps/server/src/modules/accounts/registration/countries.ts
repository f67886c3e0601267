import type { Country } from '@cab/contract/registration';

/** Jurisdictions a company can register in (ISO 3166-1 alpha-2), sorted by the English name. */
export const COUNTRIES: readonly Country[] = [
  { code: 'AM', name_ru: 'Армения', name_en: 'Armenia' },
  { code: 'AT', name_ru: 'Австрия', name_en: 'Austria' },
  { code: 'AZ', name_ru: 'Азербайджан', name_en: 'Azerbaijan' },
  { code: 'BY', name_ru: 'Беларусь', name_en: 'Belarus' },
  { code: 'BE', name_ru: 'Бельгия', name_en: 'Belgium' },
  { code: 'BG', name_ru: 'Болгария', name_en: 'Bulgaria' },
  { code: 'CY', name_ru: 'Кипр', name_en: 'Cyprus' },
  { code: 'CZ', name_ru: 'Чехия', name_en: 'Czech Republic' },
  { code: 'DK', name_ru: 'Дания', name_en: 'Denmark' },
  { code: 'EE', name_ru: 'Эстония', name_en: 'Estonia' },
  { code: 'FI', name_ru: 'Финляндия', name_en: 'Finland' },
  { code: 'FR', name_ru: 'Франция', name_en: 'France' },
  { code: 'GE', name_ru: 'Грузия', name_en: 'Georgia' },
  { code: 'DE', name_ru: 'Германия', name_en: 'Germany' },
  { code: 'GR', name_ru: 'Греция', name_en: 'Greece' },
  { code: 'HU', name_ru: 'Венгрия', name_en: 'Hungary' },
  { code: 'IT', name_ru: 'Италия', name_en: 'Italy' },
  { code: 'KZ', name_ru: 'Казахстан', name_en: 'Kazakhstan' },
  { code: 'KG', name_ru: 'Киргизия', name_en: 'Kyrgyzstan' },
  { code: 'LV', name_ru: 'Латвия', name_en: 'Latvia' },
  { code: 'LT', name_ru: 'Литва', name_en: 'Lithuania' },
  { code: 'MD', name_ru: 'Молдова', name_en: 'Moldova' },
  { code: 'NL', name_ru: 'Нидерланды', name_en: 'Netherlands' },
  { code: 'NO', name_ru: 'Норвегия', name_en: 'Norway' },
  { code: 'PL', name_ru: 'Польша', name_en: 'Poland' },
  { code: 'PT', name_ru: 'Португалия', name_en: 'Portugal' },
  { code: 'RO', name_ru: 'Румыния', name_en: 'Romania' },
  { code: 'RU', name_ru: 'Россия', name_en: 'Russia' },
  { code: 'RS', name_ru: 'Сербия', name_en: 'Serbia' },
  { code: 'SK', name_ru: 'Словакия', name_en: 'Slovakia' },
  { code: 'SI', name_ru: 'Словения', name_en: 'Slovenia' },
  { code: 'ES', name_ru: 'Испания', name_en: 'Spain' },
  { code: 'SE', name_ru: 'Швеция', name_en: 'Sweden' },
  { code: 'CH', name_ru: 'Швейцария', name_en: 'Switzerland' },
  { code: 'TR', name_ru: 'Турция', name_en: 'Turkey' },
  { code: 'AE', name_ru: 'ОАЭ', name_en: 'United Arab Emirates' },
  { code: 'GB', name_ru: 'Великобритания', name_en: 'United Kingdom' },
  { code: 'UZ', name_ru: 'Узбекистан', name_en: 'Uzbekistan' },
];

export function isKnownCountry(code: string): boolean {
  return COUNTRIES.some((country) => country.code === code);
}
