import { describe, expect, it } from 'vitest';
import { parseOrderListState, toOrderListRequest, writeOrderListState } from './order-list-state';

describe('orders URL state', () => {
  it('reads defaults and round-trips a view', () => {
    expect(parseOrderListState(new URLSearchParams(''))).toEqual({ group: 'actual', pageIndex: 1, pageSize: 25, creating: false });
    const state = parseOrderListState(new URLSearchParams('group=completed&pageIndex=3&new=1'));
    expect(state).toEqual({ group: 'completed', pageIndex: 3, pageSize: 25, creating: true });
    expect(writeOrderListState(state).toString()).toBe('group=completed&pageIndex=3&new=1');
    expect(toOrderListRequest(state)).toEqual({ page: 2, size: 25, filter: { group: 'completed' } });
  });

  it('ignores values it does not know', () => {
    expect(parseOrderListState(new URLSearchParams('group=x&pageIndex=-1&pageSize=9999'))).toMatchObject({ group: 'actual', pageIndex: 1, pageSize: 25 });
  });
});
