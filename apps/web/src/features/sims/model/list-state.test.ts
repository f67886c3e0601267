import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_STATE, nextSort, parseListState, toListRequest, writeListState } from './list-state';

describe('cards list state in the URL', () => {
  it('maps the one-based pageIndex of the URL to the zero-based page of the request, with sort', () => {
    const state = parseListState(new URLSearchParams('pageIndex=3&pageSize=50&sortColumn=iccid&sortType=desc'));
    expect(toListRequest(state, null)).toEqual({
      childs: false,
      page: 2,
      size: 50,
      filter: { blocked: 0, msu_block: false },
      sort: { iccid: 'desc' },
    });
  });

  it('defaults to the first page of 25 without sort, and drops malformed values', () => {
    const state = parseListState(
      new URLSearchParams('pageIndex=0&pageSize=abc&sortColumn=balance&profile=XX&blocked=9'),
    );
    expect(state).toEqual(DEFAULT_LIST_STATE);
    expect(toListRequest(state, null)).toEqual({ childs: false, page: 0, size: 25, filter: { blocked: 0, msu_block: false } });
  });

  it('round-trips every filter field and writes only what differs from the defaults', () => {
    const query =
      'query=8970&profile=TC&blocked=3&childs=1&company=7&empty_name=1&group=4&pageIndex=2&sortColumn=added&sortType=asc';
    const state = parseListState(new URLSearchParams(query));
    expect(writeListState(state).toString()).toBe(query);
    expect(writeListState(DEFAULT_LIST_STATE).toString()).toBe('');
    expect(toListRequest(state, null)).toEqual({
      childs: true,
      page: 1,
      size: 25,
      filter: { blocked: 3, msu_block: true, query: '8970', profile: 'TC', company: [7], empty_name: true, group: 4 },
      sort: { added: 'asc' },
    });
  });

  it('sends the CSV text instead of query and profile', () => {
    const state = parseListState(new URLSearchParams('query=abc&profile=TD&blocked=1'));
    expect(toListRequest(state, '8970100;7958').filter).toEqual({ blocked: 1, msu_block: false, csv: '8970100;7958' });
  });
});

describe('a click on a sortable header', () => {
  it('sorts a new column ascending, then descending, then clears the sort', () => {
    const byName = { ...DEFAULT_LIST_STATE, ...nextSort(DEFAULT_LIST_STATE, 'name') };
    expect(byName).toMatchObject({ sortColumn: 'name', sortType: 'asc' });
    const descending = { ...byName, ...nextSort(byName, 'name') };
    expect(descending).toMatchObject({ sortColumn: 'name', sortType: 'desc' });
    expect(nextSort(descending, 'name')).toEqual({ sortColumn: null, sortType: 'asc' });
    expect(nextSort(descending, 'iccid')).toEqual({ sortColumn: 'iccid', sortType: 'asc' });
  });
});
