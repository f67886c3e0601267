import { describe, expect, it } from 'vitest';
import { SMS_URL, smsExportQuery, smsFilterProblem, toSmsFilter } from './sms-filter';

const parse = (query: string) => SMS_URL.parse(new URLSearchParams(query));

describe('the SMS inbox filter', () => {
  it('reads the URL, dropping what is malformed, and asks only what is set', () => {
    const state = parse('sim=%2B79001234567&direction=in&status=lost&from=2026-11-01&to=bad&q=%20door%20');
    expect(state).toMatchObject({ sim: '+79001234567', direction: 'in', status: null, from: '2026-11-01', to: null });
    expect(toSmsFilter(state)).toEqual({ sim: '+79001234567', direction: 'in', from: '2026-11-01', q: 'door' });
    expect(toSmsFilter(parse(''))).toEqual({});
    // A SIM that is not digits is not read at all.
    expect(parse('sim=abc').sim).toBe('');
  });

  it('says what is wrong before asking: a partial SIM, reversed dates, a period over 366 days', () => {
    expect(smsFilterProblem(parse('sim=123'))).toBe('sim');
    expect(smsFilterProblem(parse('from=2026-02-01&to=2026-01-01'))).toBe('range_order');
    expect(smsFilterProblem(parse('from=2025-01-01&to=2026-01-01'))).toBeNull();
    expect(smsFilterProblem(parse('from=2025-01-01&to=2026-01-02'))).toBe('range_long');
    expect(smsFilterProblem(parse('sim=8970199000000000005&from=2026-01-01'))).toBeNull();
  });

  it('gives the export the same filter as query parameters', () => {
    const query = new URLSearchParams(smsExportQuery({ sim: '+7900', status: 'failed', q: 'a&b' }, 'xlsx'));
    expect(Object.fromEntries(query)).toEqual({ sim: '+7900', status: 'failed', q: 'a&b', format: 'xlsx' });
  });
});
