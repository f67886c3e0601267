import { describe, expect, it } from 'vitest';
import { pageWithin } from '../../src/modules/sims/reports/service.js';

/** Rows per day of 2031-05-01..05: 3, 0, 5, 0, 0 (the filter's SIMs were quiet at the end). */
const rows = new Map([
  ['2031-05-01', 3],
  ['2031-05-03', 5],
]);
const range = { from: '2031-05-01', to: '2031-05-05' };
const page = (direction: 'asc' | 'desc', offset: number, size: number, byTime = true) =>
  pageWithin((day) => rows.get(day) ?? 0, range, { byTime, direction }, offset, size);

describe('the days a page of records lies in', () => {
  it('newest first: skips the quiet days at the end and the rows of earlier pages', () => {
    expect(page('desc', 0, 2)).toEqual({ range: { from: '2031-05-03', to: '2031-05-03' }, offset: 0 });
    expect(page('desc', 4, 2)).toEqual({ range: { from: '2031-05-01', to: '2031-05-03' }, offset: 4 });
    expect(page('desc', 5, 2)).toEqual({ range: { from: '2031-05-01', to: '2031-05-01' }, offset: 0 });
    expect(page('desc', 7, 25)).toEqual({ range: { from: '2031-05-01', to: '2031-05-01' }, offset: 2 });
  });
  it('oldest first, and past the last row', () => {
    expect(page('asc', 0, 3)).toEqual({ range: { from: '2031-05-01', to: '2031-05-01' }, offset: 0 });
    expect(page('asc', 2, 3)).toEqual({ range: { from: '2031-05-01', to: '2031-05-03' }, offset: 2 });
    expect(page('asc', 8, 3)).toBeNull();
  });
  it('another order reads the whole range', () => {
    expect(page('desc', 4, 2, false)).toEqual({ range, offset: 4 });
  });
});
