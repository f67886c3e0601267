import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';

describe('formatSize', () => {
  it('uses bytes below a kilobyte and one decimal above', () => {
    expect(formatSize(null)).toBe('—');
    expect(formatSize(812)).toBe('812 B');
    expect(formatSize(14_541)).toBe('14.2 KB');
    expect(formatSize(3_565_158)).toBe('3.4 MB');
  });
});
