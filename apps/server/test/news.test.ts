import { NewsAdminItem } from '@cab/contract/content';
import { NewsItem, NewsListResult } from '@cab/contract/news';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

const StrictItem = NewsItem.strict();
const StrictList = NewsListResult.extend({ items: NewsListResult.shape.items.element.strict().array() }).strict();

const DEMO_TITLES = [
  'Новый тариф для трекеров / New tracker tariff',
  'Плановые работы / Planned maintenance',
  'Роуминг / Roaming',
];

let t: TestApp;
let viewerToken: string;
let rootToken: string;
beforeAll(async () => {
  t = await createTestApp();
  viewerToken = (await login(t.app, 'viewer@demo.local')).token;
  rootToken = (await login(t.app, 'root@demo.local')).token;
});
afterAll(async () => t.close());

async function list(page: number, size: number): Promise<NewsListResult> {
  const res = await post(t.app, '/api/news/list', { page, size }, { token: viewerToken });
  expect(res.statusCode).toBe(200);
  return StrictList.parse(res.json<{ result: unknown }>().result);
}

describe('POST /api/news/list', () => {
  it('answers {items, all_count}, newest first', async () => {
    const result = await list(0, 10);
    expect(result.all_count).toBe(3);
    expect(result.items.map((n) => n.title)).toEqual(DEMO_TITLES);
    const added = result.items.map((n) => n.added);
    expect(added).toEqual([...added].sort((a, b) => b - a));
    expect(result.items[0]).toMatchObject({ image: null, text: expect.stringContaining('<b>TD</b>') as unknown });
  });

  it('pages zero-based; a page beyond the end is empty with the same all_count', async () => {
    expect((await list(0, 2)).items.map((n) => n.title)).toEqual(DEMO_TITLES.slice(0, 2));
    expect(await list(1, 2)).toMatchObject({ all_count: 3, items: [{ title: DEMO_TITLES[2] }] });
    expect(await list(5, 2)).toEqual({ items: [], all_count: 3 });
  });

  it.each([
    ['size 0', { page: 0, size: 0 }, 'size'],
    ['size 51', { page: 0, size: 51 }, 'size'],
    ['a negative page', { page: -1, size: 10 }, 'page'],
    ['a fractional page', { page: 0.5, size: 10 }, 'page'],
  ])('rejects %s with 400', async (_name, body, field) => {
    const res = await post(t.app, '/api/news/list', body, { token: viewerToken });
    expect(res.statusCode).toBe(400);
    const json = res.json<{ code: string; fields: Record<string, string> }>();
    expect(json.code).toBe('validation_failed');
    expect(Object.keys(json.fields)).toEqual([field]);
  });
});

describe('POST /api/news/create', () => {
  it('lets root publish; the item comes first in the list', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await post(
      t.app,
      '/api/news/create',
      { title: '  New SIM prices  ', text: '<p>Cheaper</p>' },
      { token: rootToken },
    );
    expect(res.statusCode).toBe(200);
    const created = NewsAdminItem.strict().parse(res.json<{ result: unknown }>().result);
    expect(created).toMatchObject({ title: 'New SIM prices', text: '<p>Cheaper</p>', image: null, image_file: null, published: true });
    const item = StrictItem.parse({ id: created.id, title: created.title, image: created.image, text: created.text, added: created.published_at });
    expect(item.added).toBeGreaterThanOrEqual(before - 1);
    expect(item.added).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);

    const after = await list(0, 10);
    expect(after.all_count).toBe(4);
    expect(after.items[0]).toEqual(item);
  });

  it('accepts an explicit null image and a missing one', async () => {
    for (const body of [
      { title: 'A', text: 'B', image_file: null },
      { title: 'C', text: 'D' },
    ]) {
      const res = await post(t.app, '/api/news/create', body, { token: rootToken });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ result: NewsItem }>().result.image).toBeNull();
    }
  });

  it.each(['admin', 'manager', 'viewer', 'agent'])('refuses %s with a localized 403 forbidden', async (role) => {
    const { token } = await login(t.app, `${role}@demo.local`);
    const countBefore = (await list(0, 1)).all_count;
    const en = await post(t.app, '/api/news/create', { title: 'X', text: 'Y' }, { token, lang: 'en' });
    expect(en.statusCode).toBe(403);
    expect(en.json()).toEqual({ message: 'You do not have permission to do this', code: 'forbidden' });
    const ru = await post(t.app, '/api/news/create', { title: 'X', text: 'Y' }, { token, lang: 'ru' });
    expect(ru.statusCode).toBe(403);
    expect(ru.json()).toEqual({ message: 'Недостаточно прав для этого действия', code: 'forbidden' });
    expect((await list(0, 1)).all_count).toBe(countBefore);
  });

  it.each([
    ['a missing title', { text: 'B' }, { title: 'Wrong value' }],
    ['a blank title', { title: '   ', text: 'B' }, { title: 'Wrong value' }],
    ['a 201-character title', { title: 'x'.repeat(201), text: 'B' }, { title: 'The value is too long' }],
    ['a missing text', { title: 'A' }, { text: 'Wrong value' }],
    ['an empty text', { title: 'A', text: '' }, { text: 'Wrong value' }],
    ['an image that is not an uploaded file name', { title: 'A', text: 'B', image_file: 'https://cdn.example.com/n.png' }, { image_file: 'Wrong value' }],
    ['an image URL (only uploads are taken)', { title: 'A', text: 'B', image: 'https://cdn.example.com/n.png' }, { image: 'Unknown field' }],
    ['a text that is only a script', { title: 'A', text: '<script>alert(1)</script>' }, { text: 'Fill the data' }],
    ['an unknown field', { title: 'A', text: 'B', pinned: true }, { pinned: 'Unknown field' }],
  ])('rejects %s with 400 and the field', async (_name, body, fields) => {
    const res = await post(t.app, '/api/news/create', body, { token: rootToken });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Wrong input data', code: 'validation_failed', fields });
  });

  it('accepts a title of exactly 200 characters', async () => {
    const res = await post(t.app, '/api/news/create', { title: 'y'.repeat(200), text: 'B' }, { token: rootToken });
    expect(res.statusCode).toBe(200);
  });
});
