import { describe, expect, it } from 'vitest';
import { roamingFormValid, roamingRequestOf } from './roaming-form';

describe('roaming form', () => {
  it('sends zones only with a zone list, in the contract order', () => {
    expect(roamingRequestOf({ mode: 'zones', zones: ['cis', 'europe'] })).toEqual({ mode: 'zones', zones: ['europe', 'cis'] });
    expect(roamingRequestOf({ mode: 'worldwide', zones: ['cis'] })).toEqual({ mode: 'worldwide', zones: [] });
    expect(roamingRequestOf({ mode: 'off', zones: ['asia'] })).toEqual({ mode: 'off', zones: [] });
  });
  it('a zone list needs a zone', () => {
    expect(roamingFormValid({ mode: 'zones', zones: [] })).toBe(false);
    expect(roamingFormValid({ mode: 'zones', zones: ['asia'] })).toBe(true);
    expect(roamingFormValid({ mode: 'off', zones: [] })).toBe(true);
  });
});
