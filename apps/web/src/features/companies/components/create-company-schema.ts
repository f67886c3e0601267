import { z } from 'zod';
import type { CompanyCreateRequest } from '@cab/contract/companies-admin';

/** The form's bounds match the contract's; messages are keys under companies.errors. */
const text = (max: number) => z.string().trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });
const optional = (max: number) => z.string().trim().max(max, { error: 'tooLong' });

export const createCompanySchema = z.object({
  parent_id: z.number().int().positive().nullable(),
  name: text(200),
  tax_number: text(50),
  billing_type: z.union([z.literal(1), z.literal(2)]),
  contract: optional(100),
  country: optional(100),
  admin_email: z.email({ error: 'email' }).max(254, { error: 'tooLong' }),
  admin_first_name: text(100),
  admin_last_name: text(100),
});
export type CreateCompanyValues = z.infer<typeof createCompanySchema>;

export const EMPTY_COMPANY: CreateCompanyValues = {
  parent_id: null,
  name: '',
  tax_number: '',
  billing_type: 1,
  contract: '',
  country: '',
  admin_email: '',
  admin_first_name: '',
  admin_last_name: '',
};

export function toCreateRequest(values: CreateCompanyValues): CompanyCreateRequest {
  return {
    parent_id: values.parent_id,
    name: values.name.trim(),
    tax_number: values.tax_number.trim(),
    billing_type: values.billing_type,
    ...(values.contract.trim() ? { contract: values.contract.trim() } : {}),
    ...(values.country.trim() ? { country: values.country.trim() } : {}),
    admin: { email: values.admin_email.trim(), first_name: values.admin_first_name.trim(), last_name: values.admin_last_name.trim() },
  };
}

/** Which form field a server field error (contract path) belongs to. */
export const SERVER_FIELDS: Record<string, keyof CreateCompanyValues> = {
  parent_id: 'parent_id',
  name: 'name',
  tax_number: 'tax_number',
  contract: 'contract',
  country: 'country',
  'admin.email': 'admin_email',
  'admin.first_name': 'admin_first_name',
  'admin.last_name': 'admin_last_name',
};
