import { formatDecimal } from '@/lib/format-count';

/** A file size for people in the reader's language: 812 B, 14.2 KB (en), 14,2 КБ (ru); binary units, one decimal. */
export function formatSize(bytes: number | null, lang: string): string {
  if (bytes === null) return '—';
  const units = lang === 'en' ? ['B', 'KB', 'MB', 'GB'] : ['Б', 'КБ', 'МБ', 'ГБ'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatDecimal(value, lang, unit === 0 ? 0 : 1)} ${units[unit] ?? ''}`;
}
