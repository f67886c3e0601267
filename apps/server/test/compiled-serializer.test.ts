import { ErrorBody, resultOf } from '@cab/contract/errors';
import { SimListResult } from '@cab/contract/sims';
import { describe, expect, it } from 'vitest';
import { compiledSerializer } from '../src/http/route-kit.js';
import { securityHeaders } from '../src/http/security-headers.js';

const ListAnswer = resultOf(SimListResult);

const row = {
  id: 7,
  iccid: '8970100000000000007',
  msisdn: '79000000007',
  name: 'Pump "north" — насос',
  profile: 'TC',
  block_type: 'msu',
  company_id: 3,
  company_name: 'Demo\nLLC',
  msu: 12.5,
  package: null,
  limit_mb: 0,
  balance: -3.25,
  external_id: null,
  added: 1_790_000_000_000,
  labels: ['gps', 'север'] as string[],
} as const;

describe('compiledSerializer (the SIM list route)', () => {
  const serialize = compiledSerializer({ schema: ListAnswer });

  it('writes what zod writes, nulls, escapes and Unicode included', () => {
    const answer = { result: { items: [row, { ...row, id: 8, name: null, package: 'EU 1 GB', msu: null }], total: 2, total_exact: true } };
    expect(JSON.parse(serialize(answer))).toEqual(ListAnswer.encode(answer));
  });

  it('leaves out whatever the schema does not declare', () => {
    const leaky = { result: { items: [{ ...row, password_hash: 'secret' }], total: 1, total_exact: true, sql: 'select' }, debug: 1 };
    const text = serialize(leaky);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('select');
    expect(JSON.parse(text)).toEqual({ result: { items: [row], total: 1, total_exact: true } });
  });

  it('refuses an answer missing a required field instead of sending it short', () => {
    expect(() => serialize({ result: { items: [], total_exact: true } })).toThrow();
  });

  it('serializes error bodies with their field messages', () => {
    const error = { message: 'Wrong input data', code: 'validation_failed', fields: { 'filter.query': 'tooLong' } };
    expect(JSON.parse(compiledSerializer({ schema: ErrorBody })(error))).toEqual(error);
  });

  it('refuses a schema that is not zod', () => {
    expect(() => compiledSerializer({ schema: { type: 'object' } })).toThrow(/not a zod schema/);
  });
});

describe('securityHeaders', () => {
  it('are helmet\'s headers for our CSP, worked out once', () => {
    const headers = new Map(securityHeaders().map(([name, value]) => [name.toLowerCase(), value]));
    expect(headers.get('content-security-policy')).toContain("connect-src 'self' ws: wss:");
    expect(headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});
