import { z } from 'zod';
import { Id } from './common.js';
import { read } from './endpoint.js';

export const ScopeCompaniesRequest = z.strictObject({ query: z.string().trim().max(100).optional() }).nullish();

/** A company the caller may filter SIMs by: its own, its children, or (root) any. */
export const ScopeCompany = z.object({ id: Id, name: z.string(), parent_id: Id.nullable(), own: z.boolean() });
export type ScopeCompany = z.infer<typeof ScopeCompany>;

export const ScopeCompaniesResult = z.object({ items: z.array(ScopeCompany) });
export type ScopeCompaniesResult = z.infer<typeof ScopeCompaniesResult>;

export const SCOPE_COMPANIES_LIMIT = 200;

/** The companies the pickers offer (cards filter, bills, orders, deposit, tools). */
export const COMPANIES_API = {
  scope: read('/api/companies/scope', { body: ScopeCompaniesRequest, result: ScopeCompaniesResult, access: 'signedIn' }),
} as const;
