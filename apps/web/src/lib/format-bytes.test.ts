import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('uses decimal units, one decimal, in the reader language', () => {
    expect(formatBytes(999, 'en')).toBe('999 B');
    expect(formatBytes(1_500_000, 'en')).toBe('1.5 MB');
    expect(formatBytes(24_600_000_000, 'ru')).toBe('24,6 ГБ');
    expect(formatBytes(24_600_000_000, 'en')).toBe('24.6 GB');
  });
});
