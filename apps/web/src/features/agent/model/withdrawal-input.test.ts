import { describe, expect, it } from 'vitest';
import { actionsFor, isValidIban, parseRateBp, parseWithdrawalCents } from '@cab/contract/agents';
import { formatCents } from '@/lib/format-money';
import { formatRate } from './format';

describe('withdrawal form rules (shared with the server)', () => {
  it('reads N or +N EUR with cents as integer cents, never through floats', () => {
    expect(parseWithdrawalCents('150')).toBe(15_000);
    expect(parseWithdrawalCents('+0.10')).toBe(10);
    expect(parseWithdrawalCents('19,99')).toBe(1999);
    for (const bad of ['-5', '1.234', '0', '1e2', 'abc', '', '99999999']) expect(parseWithdrawalCents(bad)).toBeNull();
  });

  it('checks IBANs by their mod-97 digits, spaces allowed', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('gb82west12345698765432')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isValidIban('DE89')).toBe(false);
  });

  it('reads rates in percent as basis points, up to 50 %', () => {
    expect(parseRateBp('12.5')).toBe(1250);
    expect(parseRateBp('0')).toBe(0);
    expect(parseRateBp('50.01')).toBeNull();
    expect(formatRate(1250, 'en')).toBe('12.5 %');
    expect(formatCents(-2550, 'en', true)).toBe('-€25.50');
    expect(formatCents(2000, 'en', true)).toBe('+€20.00');
  });

  it('offers each side only its actions of the state', () => {
    expect(actionsFor('root', 'awaiting')).toEqual(['take', 'decline']);
    expect(actionsFor('agent', 'awaiting')).toEqual([]);
    expect(actionsFor('agent', 'awaiting_agent')).toEqual(['answer']);
    expect(actionsFor('root', 'approving')).toEqual(['ask', 'pay', 'decline']);
    expect(actionsFor('agent', 'paid_awaiting_agent')).toEqual(['confirm']);
    expect(actionsFor('root', 'paid')).toEqual([]);
  });
});
