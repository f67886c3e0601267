import { describe, expect, it } from 'vitest';
import { billFormSchema } from './bill-form-schema';

const messageOf = (amount_eur: number) => {
  const parsed = billFormSchema(50).safeParse({ company_id: 1, amount_eur });
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('top-up amount rules', () => {
  it('accepts the minimum and amounts in cents', () => {
    expect(messageOf(50)).toBeNull();
    expect(messageOf(99.5)).toBeNull();
  });

  it('says when the amount is below the minimum, not in cents or not a number', () => {
    expect(messageOf(49.99)).toBe('min');
    expect(messageOf(60.001)).toBe('invalid');
    expect(messageOf(Number.NaN)).toBe('invalid');
    expect(messageOf(2_000_000)).toBe('tooBig');
  });
});
