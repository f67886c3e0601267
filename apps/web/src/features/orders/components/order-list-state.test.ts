import { describe, expect, it } from 'vitest';
import { parseOrderListState, toOrderListRequest, writeOrderListState } from './order-list-state';

describe('orders URL state', () => {
  it('reads defaults and round-trips a view', () => {
    expect(parseOrderListState(new URLSearchParams(''))).toEqual({ group: 'actual', page: 1, size: 25, creating: false });
    const state = parseOrderListState(new URLSearchParams('group=completed&page=3&new=1'));
    expect(state).toEqual({ group: 'completed', page: 3, size: 25, creating: true });
    expect(writeOrderListState(state).toString()).toBe('group=completed&page=3&new=1');
    expect(toOrderListRequest(state)).toEqual({ page: 2, size: 25, filter: { group: 'completed' } });
  });

  it('ignores values it does not know', () => {
    expect(parseOrderListState(new URLSearchParams('group=x&page=-1&size=9999'))).toMatchObject({ group: 'actual', page: 1, size: 25 });
  });
});
