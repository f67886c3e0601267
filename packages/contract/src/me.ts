import { z } from 'zod';
import { Id } from './common.js';
import { read } from './endpoint.js';
import { ENTRY_PATHS } from './paths.js';
import { ROLES } from './roles.js';

export const MeRequest = z.strictObject({ version: z.number().int().min(0).max(99_999_999) });
export type MeRequest = z.infer<typeof MeRequest>;

export const BANNER_TYPES = ['success', 'danger', 'info'] as const;
export const Banner = z.object({
  type: z.enum(BANNER_TYPES),
  text: z.string(),
  link: z.string().nullable(),
  target: z.string().nullable(),
  /** Which banner this is: dismissing names it, so a newer banner shows again. */
  revision: z.number().int(),
});
export type Banner = z.infer<typeof Banner>;

export const MeUser = z.object({
  id: Id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  role_title: z.string(),
  company_block: z.boolean(),
  message: Banner.nullable(),
});
export type MeUser = z.infer<typeof MeUser>;

export const MeCompany = z.object({
  id: Id,
  name: z.string(),
  /** EUR, two decimals (stored as integer cents). */
  balance: z.number().nullable(),
  billing_type: z.number().int(),
  contract: z.string().nullable(),
  balance_problem: z.boolean(),
});
export type MeCompany = z.infer<typeof MeCompany>;

export const MeResult = z.object({
  user: MeUser,
  company: MeCompany,
  news: z.object({ show: z.boolean() }),
  update: z.boolean(),
  sim_count: z.number().int(),
});
export type MeResult = z.infer<typeof MeResult>;

/** The signed-in user, its company and what the header shows (spec §7 "service/me"). */
export const ME_API = {
  get: read(ENTRY_PATHS.me, { body: MeRequest, result: MeResult, access: 'signedIn' }),
} as const;
