import { describe, expect, it } from 'vitest';
import { CompanyUpdateRequest, type CompanyDetails } from '@cab/contract/company';
import { initialValues, toUpdateRequest } from './company-form-values';

const company: CompanyDetails = {
  id: 7,
  name: 'Demo',
  tax_number: '7700000003',
  contract: null,
  billing_type: 1,
  balance: 12.5,
  overdraft: 0,
  country: 'RU',
  responsible: null,
  whatsapp: null,
  require_second_factor: false,
  blocked: false,
  own: true,
  parent: null,
  children: [],
  editable: ['name', 'responsible', 'whatsapp'],
};

describe('company edit form', () => {
  it('sends only the editable fields; empty optional ones are cleared', () => {
    const values = { ...initialValues(company), responsible: '  ', whatsapp: '+79991234567', contract: 'ignored' };
    const body = toUpdateRequest(company.id, company.editable, values);
    expect(body).toEqual({ id: 7, name: 'Demo', responsible: null, whatsapp: '+79991234567' });
    expect(CompanyUpdateRequest.safeParse(body).success).toBe(true);
  });

  it('root’s fields: numbers parsed (comma decimal too), the country upper-cased; bad values fail the contract', () => {
    const fields = ['billing_type', 'overdraft', 'country'] as const;
    const body = toUpdateRequest(7, fields, {
      ...initialValues(company),
      billing_type: '2',
      overdraft: '150,50',
      country: 'de',
    });
    expect(body).toEqual({ id: 7, billing_type: 2, overdraft: 150.5, country: 'DE' });
    expect(CompanyUpdateRequest.safeParse(body).success).toBe(true);
    for (const overdraft of ['', 'abc', '-1', '1.005']) {
      const bad = toUpdateRequest(7, ['overdraft'], { ...initialValues(company), overdraft });
      expect(CompanyUpdateRequest.safeParse(bad).success, overdraft).toBe(false);
    }
    expect(
      CompanyUpdateRequest.safeParse(toUpdateRequest(7, ['whatsapp'], { ...initialValues(company), whatsapp: '8 999' }))
        .success,
    ).toBe(false);
  });
});
