import { describe, expect, it } from 'vitest';
import { flag, id, numberIn, oneOf, oneOfOr, pageIndex, pageSize, sortType, text, urlState } from './url-state';

const LIST = urlState(
  {
    query: text(10),
    state: oneOf(['open', 'closed'] as const),
    group: oneOfOr(['actual', 'all'] as const, 'actual'),
    paid: numberIn([0, 1, 2] as const, 0),
    company: id,
    creating: flag,
    pageIndex,
    pageSize,
    sortColumn: oneOf(['name', 'added'] as const),
    sortType,
  },
  { names: { creating: 'new' }, companions: { sortType: 'sortColumn' } },
);

describe('a list state in the URL', () => {
  it('reads every field, malformed values as their defaults', () => {
    expect(LIST.parse(new URLSearchParams('query=abcdefghijklmno&state=gone&group=all&paid=7&company=-3&new=1&pageIndex=0&pageSize=100000&sortType=desc'))).toEqual({
      query: 'abcdefghij',
      state: null,
      group: 'all',
      paid: 0,
      company: null,
      creating: true,
      pageIndex: 1,
      pageSize: 25,
      sortColumn: null,
      sortType: 'desc',
    });
  });

  it('writes only what differs from the defaults, the sort type with its column', () => {
    const defaults = LIST.parse(new URLSearchParams());
    expect(LIST.write(defaults).toString()).toBe('');
    expect(LIST.write({ ...defaults, query: '  ', sortType: 'desc' }).toString()).toBe('');
    const full = { ...defaults, query: 'x', state: 'open' as const, paid: 2 as const, company: 7, creating: true, pageIndex: 3, pageSize: 50, sortColumn: 'name' as const };
    expect(LIST.write(full).toString()).toBe('query=x&state=open&paid=2&company=7&new=1&pageIndex=3&pageSize=50&sortColumn=name&sortType=asc');
    expect(LIST.parse(LIST.write(full))).toEqual(full);
  });

  it('reads the state the address bar holds now', () => {
    window.history.pushState(null, '', '/list?pageIndex=4&new=1');
    expect(LIST.live()).toMatchObject({ pageIndex: 4, creating: true });
  });
});
