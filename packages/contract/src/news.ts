import { z } from 'zod';
import { Id, Page, UnixSeconds } from './common.js';
import { NewsEditInput } from './content.js';

export const NewsListRequest = z.strictObject({ page: Page, size: z.number().int().min(1).max(50) });
export type NewsListRequest = z.infer<typeof NewsListRequest>;

export const NewsItem = z.object({
  id: Id,
  title: z.string(),
  image: z.string().nullable(),
  /** HTML the server sanitized when root saved it (allow-list: no script, handlers or javascript: links). */
  text: z.string(),
  added: UnixSeconds,
});
export type NewsItem = z.infer<typeof NewsItem>;

export const NewsListResult = z.object({ items: z.array(NewsItem), all_count: z.number().int() });
export type NewsListResult = z.infer<typeof NewsListResult>;

/** Creating publishes at once (root's news editor uses the same call). */
export const NewsCreateRequest = NewsEditInput;
export type NewsCreateRequest = NewsEditInput;
