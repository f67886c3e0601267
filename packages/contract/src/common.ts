import { z } from 'zod';
import { LANGS, MAX_PAGE_SIZE } from './constants.js';

export const LangQuery = z.object({ lang: z.enum(LANGS).optional() });

export const Email = z.email().max(254);
export const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const Page = z.number().int().min(0).max(1_000_000);
export const Size = z.number().int().min(1).max(MAX_PAGE_SIZE);
export const UnixSeconds = z.number().int();

export const EmptyBody = z.strictObject({}).nullish();
