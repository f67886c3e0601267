/** Paths of root's content tools (banner, news editor, cabinet version, FAQ) and the FAQ page. */
export const CONTENT_API = {
  bannerGet: '/api/tools/banner/get',
  bannerPublish: '/api/tools/banner/publish',
  bannerWithdraw: '/api/tools/banner/withdraw',
  bannerDismiss: '/api/service/banner/dismiss',
  versionGet: '/api/tools/version/get',
  versionSet: '/api/tools/version/set',
  newsAdminList: '/api/news/admin_list',
  newsUpdate: '/api/news/update',
  newsUnpublish: '/api/news/unpublish',
  newsPublish: '/api/news/publish',
  newsImageUpload: '/api/news/image',
  /** GET, public: `/api/news/image?file=<uuid>.<ext>` (the random id is the key, as for any CDN image). */
  newsImageFile: '/api/news/image',
  faqList: '/api/faq/list',
  faqAdminList: '/api/tools/faq/list',
  faqCreate: '/api/tools/faq/create',
  faqUpdate: '/api/tools/faq/update',
  faqDelete: '/api/tools/faq/delete',
} as const;

export const newsImageUrl = (file: string): string => `/api/news/image?file=${file}`;
