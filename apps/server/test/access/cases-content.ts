import type { AccessCase } from './cases.js';

const banner = (who: string) => ({
  type: 'info',
  text_ru: `Баннер ${who}`,
  text_en: `Banner by ${who}`,
  link: '/docs',
  target: '_self',
  starts_at: null,
  ends_at: null,
  audience: 'all',
  company_ids: [],
});

const faq = (text: string) => ({
  id: 'matrix-question',
  group: 'general',
  position: 1,
  question_ru: `Вопрос ${text}`,
  question_en: `Question ${text}`,
  answer_ru: '<p>Ответ</p>',
  answer_en: '<p>Answer</p>',
});

/** Root's content tools (banner, news editor, cabinet version, FAQ), the banner dismissal and the FAQ page. In order: later cases use what earlier ones made. */
export const CONTENT_CASES: AccessCase[] = [
  { method: 'POST', path: '/api/tools/banner/get', access: 'tools.use', request: () => ({}) },
  { method: 'POST', path: '/api/tools/banner/publish', access: 'tools.use', request: (_f, who) => banner(who) },
  // The first banner of the fresh database is revision 1 (published just above).
  { method: 'POST', path: '/api/service/banner/dismiss', access: 'userSession', request: () => ({ revision: 1 }) },
  { method: 'POST', path: '/api/tools/banner/withdraw', access: 'tools.use', request: () => ({}) },
  { method: 'POST', path: '/api/tools/version/get', access: 'tools.use', request: () => ({}) },
  { method: 'POST', path: '/api/tools/version/set', access: 'tools.use', request: () => ({ min_version: 250314 }) },
  { method: 'POST', path: '/api/news/admin_list', access: 'news.publish', request: () => ({ page: 0, size: 10 }) },
  { method: 'POST', path: '/api/news/update', access: 'news.publish', request: (_f, who) => ({ id: 1, title_ru: `Edited by ${who}`, text_ru: '<p>x</p>', title_en: '', text_en: '', image_file: null }) },
  { method: 'POST', path: '/api/news/unpublish', access: 'news.publish', request: () => ({ id: 1 }) },
  { method: 'POST', path: '/api/news/publish', access: 'news.publish', request: () => ({ id: 1 }) },
  // The matrix sends JSON, not image bytes: the gate lets root through to the image check (415).
  { method: 'POST', path: '/api/news/image', access: 'news.publish', request: () => ({}), ok: [415] },
  // Public: an unknown image is 404 for anyone.
  { method: 'GET', path: '/api/news/image', access: 'public', request: () => 'file=00000000-0000-4000-8000-000000000000.png', ok: [404] },
  { method: 'POST', path: '/api/faq/list', access: 'signedIn', request: () => ({}) },
  { method: 'POST', path: '/api/tools/faq/list', access: 'tools.use', request: () => ({}) },
  { method: 'POST', path: '/api/tools/faq/create', access: 'tools.use', request: () => faq('created') },
  { method: 'POST', path: '/api/tools/faq/update', access: 'tools.use', request: () => faq('updated') },
  { method: 'POST', path: '/api/tools/faq/delete', access: 'tools.use', request: () => ({ id: 'matrix-question' }) },
];
