import { describe, expect, it } from 'vitest';
import { parseCompanyParam } from './company-param';

describe('company route parameter', () => {
  it('“my” and no parameter mean the own company; a positive integer is a company id', () => {
    expect(parseCompanyParam('my')).toBeUndefined();
    expect(parseCompanyParam(undefined)).toBeUndefined();
    expect(parseCompanyParam('42')).toBe(42);
  });

  it('anything else is not a company (the page shows not found without asking the server)', () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '007', '12345678901234567890', ''])
      expect(parseCompanyParam(bad)).toBeNull();
  });
});
