import { describe, expect, it } from 'vitest';
import { parseDocsListState, toBillListRequest, writeDocsListState } from './docs-list-state';

describe('docs URL state', () => {
  it('defaults to every bill of every company, page 1 of 25', () => {
    const state = parseDocsListState(new URLSearchParams(''));
    expect(state).toEqual({ paid: 0, company: null, period: '', country: '', pageIndex: 1, pageSize: 25, creating: false });
    expect(toBillListRequest(state)).toEqual({ page: 0, size: 25, filter: { paid: 0 } });
  });

  it('round-trips a filtered view and asks for a zero-based page', () => {
    const state = parseDocsListState(new URLSearchParams('paid=2&company=4&period=2026-03&country=ru&pageIndex=2&new=1'));
    expect(state).toMatchObject({ paid: 2, company: 4, period: '2026-03', country: 'RU', pageIndex: 2, creating: true });
    expect(writeDocsListState(state).toString()).toBe('paid=2&company=4&period=2026-03&country=RU&pageIndex=2&new=1');
    expect(toBillListRequest(state)).toEqual({ page: 1, size: 25, filter: { paid: 2, company: 4, period: '2026-03', country: 'RU' } });
  });

  it('drops values the server would reject', () => {
    expect(parseDocsListState(new URLSearchParams('paid=7&period=2026-13&country=RUS&company=x'))).toMatchObject({
      paid: 0,
      period: '',
      country: '',
      company: null,
    });
  });
});
