import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from './list-state';

describe('companies list state in the URL', () => {
  it('reads a one-based page, a known state and the query', () => {
    expect(readListState(new URLSearchParams('query=demo&state=blocked&pageIndex=3'))).toEqual({ query: 'demo', state: 'blocked', pageIndex: 3, pageSize: 25 });
  });

  it('ignores an unknown state and a bad page', () => {
    expect(readListState(new URLSearchParams('state=gone&pageIndex=-4'))).toMatchObject({ state: null, pageIndex: 1 });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(writeListState({ query: '', state: null, pageIndex: 1, pageSize: 25 }).toString()).toBe('');
    const params = writeListState({ query: 'a b', state: 'deleted', pageIndex: 5, pageSize: 25 });
    expect(readListState(params)).toEqual({ query: 'a b', state: 'deleted', pageIndex: 5, pageSize: 25 });
  });
});
