import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';

describe('formatSize', () => {
  it('uses bytes below a kilobyte and one decimal above', () => {
    expect(formatSize(null, 'en')).toBe('—');
    expect(formatSize(812, 'en')).toBe('812 B');
    expect(formatSize(14_541, 'en')).toBe('14.2 KB');
    expect(formatSize(3_565_158, 'en')).toBe('3.4 MB');
  });

  it('writes Russian units with a decimal comma in Russian', () => {
    expect(formatSize(812, 'ru')).toBe('812 Б');
    expect(formatSize(14_541, 'ru')).toBe('14,2 КБ');
  });
});
