import { NEWS_IMAGE_MAX_BYTES, NewsAdminItem, NewsImageUploadResult } from '@cab/contract/content';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let root: string;
let viewer: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  root = (await login(t.app, 'root@demo.local')).token;
  viewer = (await login(t.app, 'viewer@demo.local')).token;
  admin = (await login(t.app, 'admin@demo.local')).token;
});
afterAll(async () => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(32, 3)]);
const WEBP = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WEBPVP8 ', 'latin1'), Buffer.alloc(32, 4)]);

function upload(body: Buffer, type: string, token = root, lang: 'ru' | 'en' = 'en') {
  return t.app.inject({ method: 'POST', url: `/api/news/image?lang=${lang}`, headers: { authorization: `Bearer ${token}`, 'content-type': type }, payload: body });
}

async function uploaded(body: Buffer, type: string): Promise<NewsImageUploadResult> {
  const res = await upload(body, type);
  expect(res.statusCode, res.body).toBe(200);
  return NewsImageUploadResult.strict().parse(res.json<{ result: unknown }>().result);
}

async function newsShow(token: string): Promise<boolean> {
  const res = await post(t.app, '/api/service/me', { version: 250314 }, { token });
  return res.json<{ result: { news: { show: boolean } } }>().result.news.show;
}

async function publicTitles(lang: 'en' | 'ru' = 'en'): Promise<string[]> {
  // Page 1 of size 50 would skip; page 0 marks seen, so read as admin (whose "seen" is not under test here).
  const res = await post(t.app, '/api/news/list', { page: 0, size: 50 }, { token: admin, lang });
  return res.json<{ result: { items: { title: string }[] } }>().result.items.map((i) => i.title);
}

describe('news images', () => {
  it.each([
    ['PNG', PNG, 'image/png', 'png'],
    ['JPEG', JPEG, 'image/jpeg', 'jpg'],
    ['GIF', GIF, 'image/gif', 'gif'],
    ['WebP', WEBP, 'image/webp', 'webp'],
  ])('stores a %s in the file store and serves it back with safe headers', async (_name, bytes, type, ext) => {
    const result = await uploaded(bytes, type);
    expect(result.file).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
    expect(result.url).toBe(`/api/news/image?file=${result.file}`);
    expect(await t.files.size(`news/${result.file}`)).toBe(bytes.length);

    const served = await t.app.inject({ method: 'GET', url: result.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it.each([
    ['a text file calling itself PNG', Buffer.from('<script>alert(1)</script>'), 'image/png'],
    ['an SVG (it can hold script)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml'],
    ['a PNG declared as JPEG', PNG, 'image/jpeg'],
    ['a PNG sent as octet-stream', PNG, 'application/octet-stream'],
    ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>'), 'image/gif'],
    ['an empty body', Buffer.alloc(0), 'image/png'],
  ])('refuses %s with a clear 415 and stores nothing', async (_name, bytes, type) => {
    const [before] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from news_images`);
    const res = await upload(bytes, type);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'The image must be a PNG, JPEG, WebP or GIF file', code: 'image_invalid' });
    const [after] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from news_images`);
    expect(after?.n).toBe(before?.n);
  });

  it('refuses an image over 2 MB with its own message (ru and en)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(NEWS_IMAGE_MAX_BYTES)]);
    const en = await upload(big, 'image/png');
    expect(en.statusCode).toBe(413);
    expect(en.json()).toEqual({ message: 'The image is larger than 2 MB', code: 'image_too_large' });
    const ru = await upload(big, 'image/png', root, 'ru');
    expect(ru.json()).toEqual({ message: 'Изображение больше 2 МБ', code: 'image_too_large' });
    // Exactly the limit is fine.
    const edge = Buffer.concat([PNG, Buffer.alloc(NEWS_IMAGE_MAX_BYTES - PNG.length)]);
    expect((await upload(edge, 'image/png')).statusCode).toBe(200);
  });

  it('lets only root upload', async () => {
    const res = await upload(PNG, 'image/png', admin);
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000.png'],
    ['a path climbing out', '../../etc/passwd'],
    ['a wrong extension for a known id', null],
  ])('answers 404 for %s', async (_name, file) => {
    let name = file;
    if (name === null) name = (await uploaded(PNG, 'image/png')).file.replace('.png', '.gif');
    const res = await t.app.inject({ method: 'GET', url: `/api/news/image?file=${encodeURIComponent(name)}` });
    expect(res.statusCode).toBe(404);
  });
});

const ruOnly = (title: string, text: string) => ({ title_ru: title, text_ru: text, title_en: '', text_en: '' });

describe('news editor', () => {
  it('creates news with an uploaded image, sanitized text, audit; the drawer opens for users', async () => {
    await post(t.app, '/api/news/list', { page: 0, size: 10 }, { token: viewer });
    expect(await newsShow(viewer)).toBe(false);
    const image = await uploaded(PNG, 'image/png');
    const res = await post(
      t.app,
      '/api/news/create',
      {
        title_ru: 'Новая панель',
        text_ru: '<p>Смотрите <a href="https://e.example" onclick="x()">здесь</a><script>alert(3)</script></p>',
        title_en: 'New dashboard',
        text_en: '<p>See <a href="javascript:alert(1)">this</a><img src=x onerror=alert(1)><script>alert(2)</script></p>',
        image_file: image.file,
      },
      { token: root },
    );
    expect(res.statusCode).toBe(200);
    const item = NewsAdminItem.strict().parse(res.json<{ result: unknown }>().result);
    // Both languages are sanitized.
    expect(item).toMatchObject({ image: image.url, image_file: image.file, published: true, text_en: '<p>See <a rel="noopener noreferrer">this</a></p>' });
    expect(item.text_ru).not.toMatch(/script|onclick/);
    expect(item.text_ru).toContain('здесь</a>');
    expect(await newsShow(viewer)).toBe(true);
    const [audit] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where action = 'news_create' and (details->>'id')::int = ${item.id}`);
    expect(audit?.n).toBe(1);
  });

  it('refuses an image name that was never uploaded', async () => {
    const res = await post(t.app, '/api/news/create', { title_ru: 'X', text_ru: '<p>x</p>', title_en: '', text_en: '', image_file: '00000000-0000-4000-8000-000000000000.png' }, { token: root });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { image_file: 'Wrong value' } });
  });

  it('edits, unpublishes and publishes again; only publishing opens the drawer', async () => {
    const created = NewsAdminItem.parse(
      (await post(t.app, '/api/news/create', { title_ru: 'Черновик', text_ru: '<p>один</p>', title_en: '', text_en: '' }, { token: root })).json<{ result: unknown }>().result,
    );
    await post(t.app, '/api/news/list', { page: 0, size: 10 }, { token: viewer });

    // Written in Russian only, English readers read it in Russian; the edit adds the English text.
    expect(await publicTitles('en')).toContain('Черновик');
    const edited = await post(
      t.app,
      '/api/news/update',
      { id: created.id, title_ru: 'Итог', text_ru: '<p>два</p>', title_en: 'Final title', text_en: '<p onclick="x()">two</p>', image_file: null },
      { token: root },
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ result: { title_ru: 'Итог', text_ru: '<p>два</p>', title_en: 'Final title', text_en: '<p>two</p>', published: true } });
    expect(await newsShow(viewer)).toBe(false);
    expect(await publicTitles('en')).toContain('Final title');
    expect(await publicTitles('ru')).toContain('Итог');

    const hidden = await post(t.app, '/api/news/unpublish', { id: created.id }, { token: root });
    expect(hidden.json()).toMatchObject({ result: { published: false, published_at: null } });
    expect(await publicTitles()).not.toContain('Final title');
    const all = await post(t.app, '/api/news/admin_list', { page: 0, size: 50 }, { token: root });
    expect(all.json<{ result: { items: { id: number; published: boolean }[] } }>().result.items.find((i) => i.id === created.id)).toMatchObject({ published: false });

    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await post(t.app, '/api/news/publish', { id: created.id }, { token: root });
    expect(again.json()).toMatchObject({ result: { published: true } });
    expect((await publicTitles())[0]).toBe('Final title');
    expect(await newsShow(viewer)).toBe(true);

    const [audit] = await queryRows<{ actions: string[] }>(
      t.database.db,
      sql`select array_agg(action order by id) as actions from audit_log where action like 'news_%' and (details->>'id')::int = ${created.id}`,
    );
    expect(audit?.actions).toEqual(['news_create', 'news_update', 'news_unpublish', 'news_publish']);
  });

  it.each([
    ['an unknown id', '/api/news/update', { id: 999_999, ...ruOnly('x', '<p>x</p>') }, 404],
    ['an unknown id', '/api/news/unpublish', { id: 999_999 }, 404],
    ['an unknown id', '/api/news/publish', { id: 999_999 }, 404],
    ['a text that sanitizes to nothing', '/api/news/update', { id: 1, ...ruOnly('x', '<iframe src="https://e.example"></iframe>') }, 400],
    ['a 20,001-character text', '/api/news/update', { id: 1, ...ruOnly('x', 'x'.repeat(20_001)) }, 400],
    ['an English text of 20,001 characters', '/api/news/update', { id: 1, ...ruOnly('x', '<p>x</p>'), title_en: 'x', text_en: 'x'.repeat(20_001) }, 400],
  ])('refuses %s (%s)', async (_name, path, body, status) => {
    const res = await post(t.app, path, body, { token: root });
    expect(res.statusCode).toBe(status);
  });
});
