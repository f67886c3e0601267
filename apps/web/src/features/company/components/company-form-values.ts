import type { CompanyDetails, CompanyField } from '@cab/contract/company';

export type CompanyFormValues = Record<CompanyField, string>;

export function initialValues(company: CompanyDetails): CompanyFormValues {
  return {
    name: company.name,
    responsible: company.responsible ?? '',
    whatsapp: company.whatsapp ?? '',
    require_second_factor: company.require_second_factor ? '1' : '0',
    contract: company.contract ?? '',
    billing_type: String(company.billing_type),
    overdraft: String(company.overdraft),
    country: company.country ?? '',
  };
}

/** Only the fields the server says are editable are sent; empty optional ones are cleared. */
export function toUpdateRequest(
  id: number,
  fields: readonly CompanyField[],
  values: CompanyFormValues,
): Record<string, unknown> {
  const body: Record<string, unknown> = { id };
  for (const field of fields) {
    const value = values[field].trim();
    if (field === 'billing_type' || field === 'overdraft') {
      // An empty number is invalid, not zero.
      body[field] = value === '' ? Number.NaN : Number(value.replace(',', '.'));
    } else if (field === 'require_second_factor') {
      body[field] = value === '1';
    } else if (field === 'name') {
      body[field] = value;
    } else {
      body[field] = value === '' ? null : field === 'country' ? value.toUpperCase() : value;
    }
  }
  return body;
}
