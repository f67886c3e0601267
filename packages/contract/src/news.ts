import { z } from 'zod';
import { Id, Page, UnixSeconds } from './common.js';

export const NewsListRequest = z.strictObject({ page: Page, size: z.number().int().min(1).max(50) });
export type NewsListRequest = z.infer<typeof NewsListRequest>;

export const NewsItem = z.object({
  id: Id,
  title: z.string(),
  image: z.string().nullable(),
  /** Trusted HTML written by the platform operator. */
  text: z.string(),
  added: UnixSeconds,
});
export type NewsItem = z.infer<typeof NewsItem>;

export const NewsListResult = z.object({ items: z.array(NewsItem), all_count: z.number().int() });
export type NewsListResult = z.infer<typeof NewsListResult>;

export const NewsCreateRequest = z.strictObject({
  title: z.string().trim().min(1).max(200),
  text: z.string().min(1).max(20_000),
  image: z.url().max(1000).nullable().optional(),
});
export type NewsCreateRequest = z.infer<typeof NewsCreateRequest>;
