import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from './list-state';

describe('companies list state in the URL', () => {
  it('reads a one-based page, a known state and the query', () => {
    expect(readListState(new URLSearchParams('q=demo&state=blocked&page=3'))).toEqual({ query: 'demo', state: 'blocked', page: 2, size: 25 });
  });

  it('ignores an unknown state and a bad page', () => {
    expect(readListState(new URLSearchParams('state=gone&page=-4'))).toMatchObject({ state: null, page: 0 });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(writeListState({ query: '', state: null, page: 0, size: 25 }).toString()).toBe('');
    const params = writeListState({ query: 'a b', state: 'deleted', page: 4, size: 25 });
    expect(readListState(params)).toEqual({ query: 'a b', state: 'deleted', page: 4, size: 25 });
  });
});
