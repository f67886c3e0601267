import { z } from 'zod';
import { Id, Page, UnixSeconds } from './common.js';
import { NewsAdminItem, NewsAdminListRequest, NewsAdminListResult, NewsEditInput, NewsIdRequest, NewsImageUploadResult, NewsUpdateRequest } from './content.js';
import { action, file, read } from './endpoint.js';

export const NewsListRequest = z.strictObject({ page: Page, size: z.number().int().min(1).max(50) });
export type NewsListRequest = z.infer<typeof NewsListRequest>;

/** A news item in the reader's language (`lang`), or in the other one when it was not written in theirs. */
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

/** GET query of an uploaded news image (`<uuid>.<ext>`; unknown or malformed names answer 404). */
export const NewsImageQuery = z.object({ file: z.string().max(64), lang: z.string().max(5).optional() });

/**
 * An upload's body is the image's bytes (Content-Type image/png, image/jpeg, image/webp or
 * image/gif), not JSON: `api.call` cannot send it, so its type is `never`.
 */
export const NewsImageBytes = z.never();

/** The news panel, root's news editor and its images (public: an image's random name is its key, as for any CDN image). */
export const NEWS_API = {
  /** The news panel of every signed-in user (spec §7); its first page marks the news seen. */
  list: read('/api/news/list', { body: NewsListRequest, result: NewsListResult, access: 'signedIn' }),
  create: action('/api/news/create', { body: NewsCreateRequest, result: NewsAdminItem, access: 'news.publish', writable: false }),
  adminList: read('/api/news/admin_list', { body: NewsAdminListRequest, result: NewsAdminListResult, access: 'news.publish' }),
  update: action('/api/news/update', { body: NewsUpdateRequest, result: NewsAdminItem, access: 'news.publish', writable: false }),
  unpublish: action('/api/news/unpublish', { body: NewsIdRequest, result: NewsAdminItem, access: 'news.publish', writable: false }),
  publish: action('/api/news/publish', { body: NewsIdRequest, result: NewsAdminItem, access: 'news.publish', writable: false }),
  imageUpload: action('/api/news/image', { body: NewsImageBytes, result: NewsImageUploadResult, access: 'news.publish', writable: false }),
  imageFile: file('/api/news/image', { query: NewsImageQuery, access: 'public' }),
} as const;

/** Where an uploaded news image is served. */
export const newsImageUrl = (name: string): string => `${NEWS_API.imageFile.path}?file=${name}`;
