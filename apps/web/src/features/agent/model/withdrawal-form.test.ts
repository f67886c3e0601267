import { describe, expect, it } from 'vitest';
import { EMPTY_WITHDRAWAL, withdrawalFormSchema, type WithdrawalFormValues } from './withdrawal-form';

const schema = withdrawalFormSchema(1000, 5000);
function issues(values: Partial<WithdrawalFormValues>) {
  const result = schema.safeParse({ ...EMPTY_WITHDRAWAL, ...values });
  return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('the payout request form', () => {
  it('checks the amount against the format, the minimum and what is available', () => {
    const iban = { iban: 'DE89 3704 0044 0532 0130 00', holder: 'Anna' };
    expect(issues({ ...iban, amount: '12.345' })).toEqual(['amount:amountFormat']);
    expect(issues({ ...iban, amount: '5' })).toEqual(['amount:belowMin']);
    expect(issues({ ...iban, amount: '+60' })).toEqual(['amount:overBalance']);
    expect(issues({ ...iban, amount: '+25.50' })).toBeNull();
  });

  it('checks only the chosen method’s fields', () => {
    expect(issues({ amount: '20', iban: 'DE00', holder: ' ' })).toEqual(['iban:ibanInvalid', 'holder:required']);
    expect(issues({ amount: '20', iban: '  ', holder: 'Anna' })).toEqual(['iban:required']);
    expect(issues({ amount: '20', method: 'other', details: '' })).toEqual(['details:required']);
    expect(issues({ amount: '20', method: 'other', details: 'PayPal a@b.co' })).toBeNull();
  });
});
