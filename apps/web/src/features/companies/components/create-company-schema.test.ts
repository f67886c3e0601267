import { describe, expect, it } from 'vitest';
import { EMPTY_COMPANY, createCompanySchema, toCreateRequest } from './create-company-schema';

const filled = {
  ...EMPTY_COMPANY,
  parent_id: 7,
  name: ' North Branch ',
  tax_number: '7700000099',
  admin_email: 'boss@north.test',
  admin_first_name: 'Ivan',
  admin_last_name: 'Petrov',
};

describe('create company form', () => {
  it('needs a name, tax number and the admin’s e-mail and names', () => {
    const result = createCompanySchema.safeParse(EMPTY_COMPANY);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['admin_email', 'admin_first_name', 'admin_last_name', 'name', 'tax_number']);
  });

  it('builds the request the contract expects, leaving out empty optional fields', () => {
    const values = createCompanySchema.parse(filled);
    expect(toCreateRequest(values)).toEqual({
      parent_id: 7,
      name: 'North Branch',
      tax_number: '7700000099',
      billing_type: 1,
      admin: { email: 'boss@north.test', first_name: 'Ivan', last_name: 'Petrov' },
    });
  });
});
