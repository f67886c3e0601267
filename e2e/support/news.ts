import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { sharedSession, USERS } from './auth.js';

interface NewsList {
  result: { items: { id: number; title: string }[]; all_count: number };
}

/** Root publishes a news item (POST /api/news/create); every open cabinet gets portal_update. */
export async function publishNews(
  request: APIRequestContext,
  title: string,
  text = '<p>Published by the e2e suite.</p>',
  /** The English title and text; without them English readers get the same as Russian ones. */
  en: { title: string; text: string } = { title, text },
): Promise<void> {
  const root = await sharedSession(request, USERS.root);
  const response = await request.post('/api/news/create', {
    headers: { Authorization: `Bearer ${root.token}` },
    data: { title_ru: title, text_ru: text, title_en: en.title, text_en: en.text },
  });
  expect(response.status(), 'news/create').toBe(200);
}

export async function newsCount(request: APIRequestContext): Promise<number> {
  const root = await sharedSession(request, USERS.root);
  // Page 1 (not 0): counting must not mark root's news as seen.
  const response = await request.post('/api/news/list', {
    headers: { Authorization: `Bearer ${root.token}` },
    data: { page: 1, size: 1 },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as NewsList).result.all_count;
}

export const uniqueTitle = (what: string): string => `${what} ${Date.now().toString(36)}`;
