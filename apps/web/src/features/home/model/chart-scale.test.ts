import { describe, expect, it } from 'vitest';
import { beyondCap, cappedAxisMax, niceCeil } from './chart-scale';

const month = (today: number) => [...Array.from({ length: 29 }, (_, i) => 80 + (i % 7) * 5), today];

describe('the home chart keeps ordinary days readable', () => {
  it('caps the axis a little above the ordinary days when today is a spike, and marks today', () => {
    const days = month(5000);
    const cap = cappedAxisMax(days);
    // Ordinary days are 80–110 MB: the axis tops at a round 200, not at 5000.
    expect(cap).toBe(200);
    expect(beyondCap(days, cap)).toEqual([29]);
  });

  it('leaves the axis alone when no day stands out, or there are too few days to say', () => {
    expect(cappedAxisMax(month(300))).toBeNull();
    expect(cappedAxisMax([0, 0, 0, 900])).toBeNull();
    expect(cappedAxisMax(Array(30).fill(0))).toBeNull();
    expect(beyondCap(month(300), null)).toEqual([]);
  });

  it('rounds the top to 1, 2, 2.5 or 5 × 10ⁿ', () => {
    expect([0.7, 1, 1.2, 2.2, 3, 7, 160, 0.031].map(niceCeil)).toEqual([1, 1, 2, 2.5, 5, 10, 200, 0.05]);
  });
});
