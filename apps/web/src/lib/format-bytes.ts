import { formatDecimal } from './format-count';

/** Traffic with a unit in the reader's language: 1.5 MB, 2.3 ГБ (decimal units, as operators bill). */
export function formatBytes(bytes: number, lang: string): string {
  const units = lang === 'ru' ? ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'] : ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const number = formatDecimal(value, lang, unit === 0 ? 0 : 1);
  return `${number} ${units[unit] ?? ''}`;
}
