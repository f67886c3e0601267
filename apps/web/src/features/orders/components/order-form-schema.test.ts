import { describe, expect, it } from 'vitest';
import { orderFormSchema } from './order-form-schema';

const valid = { company_id: 3, count: 100, contact: 'Anna', address: 'Moscow' };
const errorsOf = (values: object) => {
  const parsed = orderFormSchema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('order form rules (spec §5)', () => {
  it('accepts multiples of 50 from 50', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, count: 50 })).toEqual({});
  });

  it('rejects counts that are not a multiple of 50 or below 50', () => {
    for (const count of [0, 49, 120, 75.5, Number.NaN]) expect(errorsOf({ ...valid, count })).toEqual({ count: 'count' });
  });

  it('requires contact and address', () => {
    expect(errorsOf({ ...valid, contact: ' ', address: '' })).toEqual({ contact: 'required', address: 'required' });
  });
});
