import { describe, expect, it } from 'vitest';
import { parseBalanceChangeCents } from '@cab/contract/deposit';
import { parseDepositState, toDepositRequest, writeDepositState } from './deposit-state';

describe('deposit URL state', () => {
  it('round-trips filter and page through the URL', () => {
    const state = { company: 7, type: 'charge' as const, pageIndex: 3, pageSize: 50 };
    const params = writeDepositState(state);
    expect(params.toString()).toBe('company=7&type=charge&pageIndex=3&pageSize=50');
    expect(parseDepositState(params)).toEqual(state);
    expect(toDepositRequest(state)).toEqual({ page: 2, size: 50, filter: { company: 7, type: 'charge' } });
  });

  it('falls back to defaults for malformed values and keeps default links empty', () => {
    const state = parseDepositState(new URLSearchParams('company=-1&type=gift&pageIndex=0&pageSize=100000'));
    expect(state).toEqual({ company: null, type: null, pageIndex: 1, pageSize: 25 });
    expect(writeDepositState(state).toString()).toBe('');
    expect(toDepositRequest(state)).toEqual({ page: 0, size: 25, filter: {} });
  });
});

describe('balance change input (spec §5: +N or -N EUR)', () => {
  it.each([
    ['+100', 10_000],
    ['-12.50', -1250],
    ['-12.5', -1250],
    ['+0.01', 1],
    [' +7,25 ', 725],
  ])('%j is %d cents', (text, cents) => expect(parseBalanceChangeCents(text)).toBe(cents));

  it.each(['100', '+', '+1.234', '+1e3', '--5', '+0', '-0.00', '+99999999', '', 'abc'])('%j is refused', (text) =>
    expect(parseBalanceChangeCents(text)).toBeNull(),
  );
});
