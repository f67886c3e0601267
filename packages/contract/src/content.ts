import { z } from 'zod';
import { EmptyBody, Id, Page, UnixSeconds } from './common.js';
import { action, read } from './endpoint.js';
import { BANNER_TYPES } from './me.js';

/*
 * Root's content tools: the header banner, the news editor, the minimum cabinet version and the FAQ.
 * Every HTML field is sanitized by the server before it is stored (allow-list), whatever a client sends.
 */

export const BANNER_TEXT_MAX = 300;
export const BANNER_LINK_MAX = 500;
export const BANNER_TARGETS = ['_blank', '_self'] as const;
export const BANNER_AUDIENCES = ['all', 'companies'] as const;
export const BANNER_MAX_COMPANIES = 200;

/** An `http(s)://` address or a path of this cabinet (`/docs`), never `//host` or `javascript:`. */
export const CONTENT_LINK_PATTERN = /^(https?:\/\/[^\s/?#]+[^\s]*|\/(?!\/)[^\s]*)$/i;

export function isContentLink(link: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a link may not hold
  return CONTENT_LINK_PATTERN.test(link) && !/[\u0000-\u001f\u007f\\]/.test(link);
}

/** The link's form, the window's order and a non-empty company list are checked by the server with their own messages. */
export const BannerInput = z.strictObject({
    type: z.enum(BANNER_TYPES),
    text_ru: z.string().trim().min(1).max(BANNER_TEXT_MAX),
    text_en: z.string().trim().min(1).max(BANNER_TEXT_MAX),
    link: z.string().trim().max(BANNER_LINK_MAX).nullable(),
    target: z.enum(BANNER_TARGETS),
    /** Unix seconds; null: at once / until withdrawn. */
    starts_at: UnixSeconds.min(0).max(4_102_444_800).nullable(),
    ends_at: UnixSeconds.min(0).max(4_102_444_800).nullable(),
    audience: z.enum(BANNER_AUDIENCES),
    company_ids: z.array(Id).max(BANNER_MAX_COMPANIES),
});
export type BannerInput = z.infer<typeof BannerInput>;

export const BannerState = z.object({
  revision: Id,
  type: z.enum(BANNER_TYPES),
  text_ru: z.string(),
  text_en: z.string(),
  link: z.string().nullable(),
  target: z.enum(BANNER_TARGETS),
  starts_at: UnixSeconds.nullable(),
  ends_at: UnixSeconds.nullable(),
  audience: z.enum(BANNER_AUDIENCES),
  company_ids: z.array(Id),
  published_at: UnixSeconds,
  /** Withdrawn banners stay as history; the current one is the latest not withdrawn. */
  withdrawn: z.boolean(),
  /** Within its window now (the audience still decides who sees it). */
  live: z.boolean(),
});
export type BannerState = z.infer<typeof BannerState>;

export const BannerGetResult = z.object({ banner: BannerState.nullable() });
export type BannerGetResult = z.infer<typeof BannerGetResult>;

export const BannerDismissRequest = z.strictObject({ revision: Id });

/** The answer of a change that returns nothing else. */
export const DoneResult = z.object({ ok: z.boolean() });

/** Cabinet version: a cabinet built with a lower version than the minimum shows the update dialog. */
export const CABINET_VERSION_MAX = 99_999_999;
export const VersionState = z.object({ min_version: z.number().int(), build_version: z.number().int() });
export type VersionState = z.infer<typeof VersionState>;
export const VersionSetRequest = z.strictObject({ min_version: z.number().int().min(1).max(CABINET_VERSION_MAX) });
export type VersionSetRequest = z.infer<typeof VersionSetRequest>;

/* News editor */
export const NEWS_TITLE_MAX = 200;
export const NEWS_HTML_MAX = 20_000;
export const NEWS_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const NEWS_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type NewsImageType = (typeof NEWS_IMAGE_TYPES)[number];
/** `<uuid>.<ext>`: what an uploaded image is stored and served as. */
export const NEWS_IMAGE_FILE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif)$/;
export const NewsImageFile = z.string().max(64).regex(NEWS_IMAGE_FILE_PATTERN);

export const NewsImageUploadResult = z.object({ file: z.string(), url: z.string() });
export type NewsImageUploadResult = z.infer<typeof NewsImageUploadResult>;

/**
 * News in Russian and English, like the banner. A language is written whole (title and text) or left
 * empty; at least one must be written. A reader gets their language, or the other when theirs is empty.
 * The server checks those rules per field (`title_en: 'required'`…) after sanitizing the HTML.
 */
export const NewsEditInput = z.strictObject({
  title_ru: z.string().trim().max(NEWS_TITLE_MAX),
  text_ru: z.string().max(NEWS_HTML_MAX),
  title_en: z.string().trim().max(NEWS_TITLE_MAX),
  text_en: z.string().max(NEWS_HTML_MAX),
  /** An image uploaded through `news/image`, or null for none. */
  image_file: NewsImageFile.nullable().optional(),
});
export type NewsEditInput = z.infer<typeof NewsEditInput>;

export const NewsUpdateRequest = NewsEditInput.extend({ id: Id });
export type NewsUpdateRequest = z.infer<typeof NewsUpdateRequest>;
export const NewsIdRequest = z.strictObject({ id: Id });

export const NewsAdminItem = z.object({
  id: Id,
  title_ru: z.string(),
  text_ru: z.string(),
  title_en: z.string(),
  text_en: z.string(),
  image: z.string().nullable(),
  image_file: z.string().nullable(),
  added: UnixSeconds,
  published: z.boolean(),
  published_at: UnixSeconds.nullable(),
});
export type NewsAdminItem = z.infer<typeof NewsAdminItem>;
export const NewsAdminListRequest = z.strictObject({ page: Page, size: z.number().int().min(1).max(50) });
export const NewsAdminListResult = z.object({ items: z.array(NewsAdminItem), total: z.number().int() });
export type NewsAdminListResult = z.infer<typeof NewsAdminListResult>;

/* FAQ */
export const FAQ_GROUPS = ['blocks', 'msu', 'profiles', 'queue', 'commerce', 'api', 'roaming', 'general'] as const;
export type FaqGroup = (typeof FAQ_GROUPS)[number];
export const FAQ_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 10_000;

export const FaqEntry = z.object({
  id: z.string(),
  group: z.enum(FAQ_GROUPS),
  position: z.number().int(),
  question: z.string(),
  /** Sanitized HTML. */
  answer: z.string(),
});
export type FaqEntry = z.infer<typeof FaqEntry>;
export const FaqListResult = z.object({ items: z.array(FaqEntry) });
export type FaqListResult = z.infer<typeof FaqListResult>;

export const FaqInput = z.strictObject({
  id: z.string().trim().min(2).max(60).regex(FAQ_ID_PATTERN),
  group: z.enum(FAQ_GROUPS),
  position: z.number().int().min(0).max(10_000),
  question_ru: z.string().trim().min(1).max(FAQ_QUESTION_MAX),
  question_en: z.string().trim().min(1).max(FAQ_QUESTION_MAX),
  answer_ru: z.string().min(1).max(FAQ_ANSWER_MAX),
  answer_en: z.string().min(1).max(FAQ_ANSWER_MAX),
});
export type FaqInput = z.infer<typeof FaqInput>;
export const FaqAdminEntry = FaqInput.extend({ updated: UnixSeconds });
export type FaqAdminEntry = z.infer<typeof FaqAdminEntry>;
export const FaqAdminListResult = z.object({ items: z.array(FaqAdminEntry) });
export type FaqAdminListResult = z.infer<typeof FaqAdminListResult>;
export const FaqIdRequest = z.strictObject({ id: z.string().trim().min(1).max(60) });

/** Root's banner, cabinet version and FAQ tools, a user's banner dismissal and the FAQ page. */
export const CONTENT_API = {
  bannerGet: read('/api/tools/banner/get', { body: EmptyBody, result: BannerGetResult, access: 'tools.use' }),
  bannerPublish: action('/api/tools/banner/publish', { body: BannerInput, result: BannerState, access: 'tools.use', writable: false }),
  bannerWithdraw: action('/api/tools/banner/withdraw', { body: EmptyBody, result: BannerGetResult, access: 'tools.use', writable: false }),
  bannerDismiss: action('/api/service/banner/dismiss', { body: BannerDismissRequest, result: DoneResult, access: 'userSession', writable: false }),
  versionGet: read('/api/tools/version/get', { body: EmptyBody, result: VersionState, access: 'tools.use' }),
  versionSet: action('/api/tools/version/set', { body: VersionSetRequest, result: VersionState, access: 'tools.use', writable: false }),
  faqList: read('/api/faq/list', { body: EmptyBody, result: FaqListResult, access: 'signedIn' }),
  faqAdminList: read('/api/tools/faq/list', { body: EmptyBody, result: FaqAdminListResult, access: 'tools.use' }),
  faqCreate: action('/api/tools/faq/create', { body: FaqInput, result: FaqAdminEntry, access: 'tools.use', writable: false }),
  faqUpdate: action('/api/tools/faq/update', { body: FaqInput, result: FaqAdminEntry, access: 'tools.use', writable: false }),
  faqDelete: action('/api/tools/faq/delete', { body: FaqIdRequest, result: DoneResult, access: 'tools.use', writable: false }),
} as const;
