import { describe, expect, it } from 'vitest';
import type { SimQueueReason } from '@cab/contract/queue';
import { EMPTY_OPERATION_VALUES, operationParams, operationSchema, type OperationValues } from './operation-form';

function check(reason: SimQueueReason, patch: Partial<OperationValues>) {
  const result = operationSchema(reason).safeParse({ ...EMPTY_OPERATION_VALUES, ...patch });
  return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('operation parameters', () => {
  it('limits an SMS to 70 characters and needs some text', () => {
    expect(check('queue_sms', { text: 'x'.repeat(70) })).toBeNull();
    expect(check('queue_sms', { text: 'x'.repeat(71) })).toEqual(['text:smsTooLong']);
    expect(check('queue_sms', { text: '   ' })).toEqual(['text:required']);
    expect(operationParams('queue_sms', { ...EMPTY_OPERATION_VALUES, text: ' STATUS? ' })).toEqual({ text: 'STATUS?' });
  });

  it('takes a balance change as +N or -N EUR with two decimals at most, never zero', () => {
    for (const amount of ['+10', '-2.50', '+0.5', '+999999.99']) expect(check('queue_balance', { amount })).toBeNull();
    for (const amount of ['10', '+1.234', '+-1', '+ 5', '€5', '+1000000']) {
      expect(check('queue_balance', { amount })).toEqual(['amount:amountFormat']);
    }
    expect(check('queue_balance', { amount: '+0.00' })).toEqual(['amount:amountZero']);
    expect(check('queue_balance', { amount: '' })).toEqual(['amount:required']);
  });

  it('needs a whole limit of 0 or more and a repeat count where 0 means unlimited', () => {
    expect(check('queue_limit', { limit_mb: '500', repeat: '0' })).toBeNull();
    expect(check('queue_limit', { limit_mb: '-1', repeat: '1.5' })).toEqual([
      'limit_mb:wholeNumber',
      'repeat:wholeNumber',
    ]);
    expect(check('queue_limit', { limit_mb: '' })).toEqual(['limit_mb:required']);
    expect(operationParams('queue_limit', { ...EMPTY_OPERATION_VALUES, limit_mb: '500', repeat: '' })).toEqual({
      limit_mb: 500,
      repeat: 0,
    });
  });

  it('needs a package name, a group and a transfer target for their operations', () => {
    expect(check('queue_tariff_package', { package: '' })).toEqual(['package:required']);
    expect(check('queue_group', {})).toEqual(['group_id:groupRequired']);
    expect(operationParams('queue_group', { ...EMPTY_OPERATION_VALUES, group_id: 4, group_action: 'remove' })).toEqual({
      group_id: 4,
      group_action: 'remove',
    });
    expect(check('queue_transfer', { company_id: 'abc' })).toEqual(['company_id:companyId']);
    expect(operationParams('queue_transfer', { ...EMPTY_OPERATION_VALUES, company_id: '12' })).toEqual({
      company_id: 12,
    });
  });

  it('locks to a given IMEI of 15 digits with its check digit, or to each SIM card\'s last one when empty', () => {
    expect(check('queue_imei_lock', { imei: '' })).toBeNull();
    expect(check('queue_imei_lock', { imei: ' 490154203237518 ' })).toBeNull();
    for (const imei of ['49015420323751', '4901542032375180', '49015420323751x']) expect(check('queue_imei_lock', { imei })).toEqual(['imei:imeiFormat']);
    expect(check('queue_imei_lock', { imei: '490154203237519' })).toEqual(['imei:imeiCheckDigit']);
    expect(operationParams('queue_imei_lock', { ...EMPTY_OPERATION_VALUES, imei: ' 490154203237518 ', imei_block: true })).toEqual({ imei: '490154203237518', imei_block: true });
    expect(operationParams('queue_imei_lock', { ...EMPTY_OPERATION_VALUES })).toEqual({ imei_block: false });
  });

  it('ignores the fields of other operations', () => {
    expect(check('queue_block', { text: 'x'.repeat(200), amount: 'bad' })).toBeNull();
    expect(operationParams('queue_block', { ...EMPTY_OPERATION_VALUES, text: 'x' })).toEqual({});
  });
});
