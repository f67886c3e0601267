import { describe, expect, it } from 'vitest';
import type { RegisterStatus } from '@cab/contract/registration';
import { allowedStep, requestedStep } from './wizard-steps';

const empty: RegisterStatus = {
  email: 'a@b.cd',
  country: null,
  company_type: null,
  unique_id: null,
  client_name: null,
  firstName: null,
  lastName: null,
  phone: null,
  phone_confirmed: false,
  registration_complete: false,
};

describe('wizard steps', () => {
  it('reads the step query within 1..7', () => {
    expect(requestedStep(null)).toBe(1);
    expect(requestedStep('2')).toBe(2);
    expect(requestedStep('99')).toBe(7);
    expect(requestedStep('-3')).toBe(1);
    expect(requestedStep('abc')).toBe(1);
  });

  it('shows only Welcome without a session', () => {
    expect(allowedStep(4, undefined)).toBe(1);
  });

  it('never skips past the first unsaved step, but lets earlier steps be reviewed', () => {
    expect(allowedStep(7, empty)).toBe(2);
    const typed = { ...empty, country: 'DE', company_type: 'legal_entity' as const };
    expect(allowedStep(7, typed)).toBe(4);
    expect(allowedStep(2, typed)).toBe(2);
    const phoned = { ...typed, unique_id: 'X1234', client_name: 'Acme', firstName: 'A', lastName: 'B', phone: '+4915112345678', phone_confirmed: true };
    expect(allowedStep(7, phoned)).toBe(7);
  });

  it('lands a finished registration on Finish', () => {
    expect(allowedStep(2, { ...empty, registration_complete: true })).toBe(7);
  });
});
