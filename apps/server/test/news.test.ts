import { NewsAdminItem } from '@cab/contract/content';
import { NewsItem, NewsListResult } from '@cab/contract/news';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

const StrictList = NewsListResult.extend({ items: NewsListResult.shape.items.element.strict().array() }).strict();

const DEMO_TITLES = { en: ['New tracker tariff', 'Planned maintenance', 'Roaming'], ru: ['Новый тариф для трекеров', 'Плановые работы', 'Роуминг'] };

let t: TestApp;
let viewerToken: string;
let rootToken: string;
beforeAll(async () => {
  t = await createTestApp();
  viewerToken = (await login(t.app, 'viewer@demo.local')).token;
  rootToken = (await login(t.app, 'root@demo.local')).token;
});
afterAll(async () => t.close());

async function list(page: number, size: number, lang: 'en' | 'ru' = 'en'): Promise<NewsListResult> {
  const res = await post(t.app, '/api/news/list', { page, size }, { token: viewerToken, lang });
  expect(res.statusCode).toBe(200);
  return StrictList.parse(res.json<{ result: unknown }>().result);
}

describe('POST /api/news/list', () => {
  it('answers {items, all_count}, newest first', async () => {
    const result = await list(0, 10);
    expect(result.all_count).toBe(3);
    expect(result.items.map((n) => n.title)).toEqual(DEMO_TITLES.en);
    const added = result.items.map((n) => n.added);
    expect(added).toEqual([...added].sort((a, b) => b - a));
    expect(result.items[0]).toEqual(expect.objectContaining({ image: null, text: '<p>A 3 GB monthly package is now available for <b>TD</b> profile SIMs.</p>' }));
  });

  it('answers each reader in their language (lang=ru: the Russian title and text)', async () => {
    const result = await list(0, 10, 'ru');
    expect(result.items.map((n) => n.title)).toEqual(DEMO_TITLES.ru);
    expect(result.items[0]?.text).toBe('<p>Для SIM-карт профиля <b>TD</b> доступен пакет 3 ГБ в месяц.</p>');
  });

  it('pages zero-based; a page beyond the end is empty with the same all_count', async () => {
    expect((await list(0, 2)).items.map((n) => n.title)).toEqual(DEMO_TITLES.en.slice(0, 2));
    expect(await list(1, 2)).toMatchObject({ all_count: 3, items: [{ title: DEMO_TITLES.en[2] }] });
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

/** A news body written in both languages (the fields a client must send). */
const both = (title: string, text: string) => ({ title_ru: `${title} (ru)`, text_ru: `<p>${text} ru</p>`, title_en: title, text_en: `<p>${text}</p>` });

describe('POST /api/news/create', () => {
  it('lets root publish in two languages; the item comes first in each reader\'s language', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await post(
      t.app,
      '/api/news/create',
      { title_ru: '  Новые цены на SIM  ', text_ru: '<p>Дешевле</p>', title_en: '  New SIM prices  ', text_en: '<p>Cheaper</p>' },
      { token: rootToken },
    );
    expect(res.statusCode).toBe(200);
    const created = NewsAdminItem.strict().parse(res.json<{ result: unknown }>().result);
    expect(created).toMatchObject({
      title_ru: 'Новые цены на SIM',
      text_ru: '<p>Дешевле</p>',
      title_en: 'New SIM prices',
      text_en: '<p>Cheaper</p>',
      image: null,
      image_file: null,
      published: true,
    });
    expect(created.published_at).toBeGreaterThanOrEqual(before - 1);
    expect(created.published_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);

    const en = await list(0, 10, 'en');
    expect(en.all_count).toBe(4);
    expect(en.items[0]).toEqual({ id: created.id, title: 'New SIM prices', text: '<p>Cheaper</p>', image: null, added: created.published_at });
    expect((await list(0, 10, 'ru')).items[0]).toEqual({ id: created.id, title: 'Новые цены на SIM', text: '<p>Дешевле</p>', image: null, added: created.published_at });
  });

  it.each([
    ['only Russian', { title_ru: 'Только по-русски', text_ru: '<p>Текст</p>', title_en: '', text_en: '' }, { title: 'Только по-русски', text: '<p>Текст</p>' }],
    ['only English', { title_ru: '', text_ru: '', title_en: 'English only', text_en: '<p>Text</p>' }, { title: 'English only', text: '<p>Text</p>' }],
  ])('news written in %s reaches readers of both languages in it', async (_name, body, shown) => {
    const res = await post(t.app, '/api/news/create', body, { token: rootToken });
    expect(res.statusCode).toBe(200);
    expect((await list(0, 1, 'en')).items[0]).toMatchObject(shown);
    expect((await list(0, 1, 'ru')).items[0]).toMatchObject(shown);
  });

  it('accepts an explicit null image and a missing one', async () => {
    for (const body of [{ ...both('A', 'B'), image_file: null }, both('C', 'D')]) {
      const res = await post(t.app, '/api/news/create', body, { token: rootToken });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ result: NewsItem }>().result.image).toBeNull();
    }
  });

  it.each(['admin', 'manager', 'viewer', 'agent'])('refuses %s with a localized 403 forbidden', async (role) => {
    const { token } = await login(t.app, `${role}@demo.local`);
    const countBefore = (await list(0, 1)).all_count;
    const en = await post(t.app, '/api/news/create', both('X', 'Y'), { token, lang: 'en' });
    expect(en.statusCode).toBe(403);
    expect(en.json()).toEqual({ message: 'You do not have permission to do this', code: 'forbidden' });
    const ru = await post(t.app, '/api/news/create', both('X', 'Y'), { token, lang: 'ru' });
    expect(ru.statusCode).toBe(403);
    expect(ru.json()).toEqual({ message: 'Недостаточно прав для этого действия', code: 'forbidden' });
    expect((await list(0, 1)).all_count).toBe(countBefore);
  });

  const empty = { title_ru: '', text_ru: '', title_en: '', text_en: '' };
  it.each([
    ['nothing written in either language', empty, { title_ru: 'Fill the data', text_ru: 'Fill the data' }],
    ['blank titles and texts', { title_ru: '   ', text_ru: '<p> </p>', title_en: ' ', text_en: '' }, { title_ru: 'Fill the data', text_ru: 'Fill the data' }],
    ['an English title without its text', { ...both('A', 'B'), text_en: '' }, { text_en: 'Fill the data' }],
    ['a Russian text without its title', { ...empty, text_ru: '<p>Текст</p>', title_en: 'A', text_en: 'B' }, { title_ru: 'Fill the data' }],
    ['a missing language field', { title_ru: 'A', text_ru: 'B' }, { title_en: 'Wrong value', text_en: 'Wrong value' }],
    ['a 201-character title', { ...both('A', 'B'), title_en: 'x'.repeat(201) }, { title_en: 'The value is too long' }],
    ['an image that is not an uploaded file name', { ...both('A', 'B'), image_file: 'https://cdn.example.com/n.png' }, { image_file: 'Wrong value' }],
    ['an image URL (only uploads are taken)', { ...both('A', 'B'), image: 'https://cdn.example.com/n.png' }, { image: 'Unknown field' }],
    ['a text that is only a script', { ...both('A', 'B'), text_ru: '<script>alert(1)</script>' }, { text_ru: 'Fill the data' }],
    ['the one-language fields of before', { title: 'A', text: 'B' }, { title: 'Unknown field', text: 'Unknown field', title_ru: 'Wrong value', text_ru: 'Wrong value', title_en: 'Wrong value', text_en: 'Wrong value' }],
  ])('rejects %s with 400 and the field', async (_name, body, fields) => {
    const res = await post(t.app, '/api/news/create', body, { token: rootToken });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Wrong input data', code: 'validation_failed', fields });
  });

  it('accepts a title of exactly 200 characters', async () => {
    const res = await post(t.app, '/api/news/create', { ...both('A', 'B'), title_ru: 'y'.repeat(200) }, { token: rootToken });
    expect(res.statusCode).toBe(200);
  });
});
