import { z } from 'zod';
import { Id } from './common.js';
import { action, read } from './endpoint.js';
import { PHONE_PATTERN } from './profile.js';

/** Billing types of spec §3 / ARCHITECTURE §7: 1 prepay, 2 postpay. */
export const BILLING_TYPES = [1, 2] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

/** ISO 3166-1 alpha-2, upper case. */
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;

/** `id` omitted: the caller's own company (/company/my). */
export const CompanyGetRequest = z.strictObject({ id: Id.optional() }).nullish();
export type CompanyGetRequest = z.infer<typeof CompanyGetRequest>;

export const CompanyChild = z.object({ id: Id, name: z.string() });
export type CompanyChild = z.infer<typeof CompanyChild>;

/** Spec §3 Company; money in EUR. `editable` lists the fields the caller may change. */
export const CompanyDetails = z.object({
  id: Id,
  name: z.string(),
  tax_number: z.string().nullable(),
  contract: z.string().nullable(),
  billing_type: z.number().int(),
  balance: z.number(),
  overdraft: z.number(),
  country: z.string().nullable(),
  responsible: z.string().nullable(),
  whatsapp: z.string().nullable(),
  /** Every user must sign in with a second factor (issue 22.4). */
  require_second_factor: z.boolean(),
  blocked: z.boolean(),
  own: z.boolean(),
  parent: CompanyChild.nullable(),
  children: z.array(CompanyChild),
  editable: z.array(z.enum(['name', 'responsible', 'whatsapp', 'require_second_factor', 'contract', 'billing_type', 'overdraft', 'country'])),
});
export type CompanyDetails = z.infer<typeof CompanyDetails>;
export type CompanyField = CompanyDetails['editable'][number];

/** Fields a company admin may change. */
export const COMPANY_ADMIN_FIELDS = ['name', 'responsible', 'whatsapp', 'require_second_factor'] as const satisfies readonly CompanyField[];
/** Fields only root may change, in addition. */
export const COMPANY_ROOT_FIELDS = [
  'contract',
  'billing_type',
  'overdraft',
  'country',
] as const satisfies readonly CompanyField[];

export const MAX_OVERDRAFT_EUR = 1_000_000;

/** Only the fields sent change; `null` clears an optional one. */
export const CompanyUpdateRequest = z.strictObject({
  id: Id,
  name: z.string().trim().min(1).max(200).optional(),
  responsible: z.string().trim().max(200).nullable().optional(),
  whatsapp: z.string().trim().regex(PHONE_PATTERN).nullable().optional(),
  require_second_factor: z.boolean().optional(),
  contract: z.string().trim().max(100).nullable().optional(),
  billing_type: z.union([z.literal(1), z.literal(2)]).optional(),
  overdraft: z
    .number()
    .min(0)
    .max(MAX_OVERDRAFT_EUR)
    .refine((eur) => Math.abs(eur * 100 - Math.round(eur * 100)) < 1e-6, 'whole cents')
    .optional(),
  country: z.string().trim().regex(COUNTRY_PATTERN).nullable().optional(),
});
export type CompanyUpdateRequest = z.infer<typeof CompanyUpdateRequest>;

/** The company page: its details, and the changes its admin (root: the contract terms too) may make. */
export const COMPANY_API = {
  get: read('/api/company/get', { body: CompanyGetRequest, result: CompanyDetails, access: 'signedIn' }),
  update: action('/api/company/update', {
    body: CompanyUpdateRequest,
    result: CompanyDetails,
    access: 'company.edit',
    writable: true,
  }),
} as const;
