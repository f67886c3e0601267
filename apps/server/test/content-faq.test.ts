import { FAQ_GROUPS, FaqAdminListResult, FaqListResult } from '@cab/contract/content';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { DEFAULT_FAQ } from '../src/modules/content/faq/default-faq.js';
import { seedFaqOnce } from '../src/modules/content/faq/service.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
let root: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  root = (await login(t.app, 'root@demo.local')).token;
  viewer = (await login(t.app, 'viewer@demo.local')).token;
});
afterAll(async () => t.close());

async function faq(lang: 'ru' | 'en' = 'en') {
  const res = await post(t.app, '/api/faq/list', {}, { token: viewer, lang });
  expect(res.statusCode).toBe(200);
  return FaqListResult.strict().parse(res.json<{ result: unknown }>().result).items;
}

const entry = {
  id: 'sms-length',
  group: 'general',
  position: 5,
  question_ru: 'Сколько символов в SMS?',
  question_en: 'How long may an SMS be?',
  answer_ru: '<p>До 70 символов.</p>',
  answer_en: '<p>Up to 70 characters.</p>',
};

describe('FAQ', () => {
  it('is seeded once with real content, grouped in the groups’ order, in both languages', async () => {
    expect(await seedFaqOnce(t.database.db)).toBe(true);
    expect(await seedFaqOnce(t.database.db)).toBe(false);
    const en = await faq('en');
    expect(en.map((e) => e.id).sort()).toEqual(DEFAULT_FAQ.map((e) => e.id).sort());
    const groups = en.map((e) => FAQ_GROUPS.indexOf(e.group));
    expect(groups).toEqual([...groups].sort((a, b) => a - b));
    for (const topic of ['block-types', 'msu', 'profiles', 'bulk-operations', 'orders', 'bills', 'api-tokens', 'webhooks', 'roaming']) {
      expect(en.some((e) => e.id === topic), topic).toBe(true);
    }
    expect(en.find((e) => e.id === 'webhooks')?.answer).toContain('X-Cabinet-Signature');
    const ru = await faq('ru');
    expect(ru.find((e) => e.id === 'msu')?.question).toBe('Что такое MSU?');
  });

  it('root creates, edits and deletes questions; answers are sanitized; each change is audited', async () => {
    const created = await post(t.app, '/api/tools/faq/create', { ...entry, answer_en: '<p>Up to 70 characters.<img src=x onerror=alert(1)><script>alert(1)</script></p>' }, { token: root });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ result: { id: 'sms-length', answer_en: '<p>Up to 70 characters.</p>' } });
    expect((await faq('ru')).find((e) => e.id === 'sms-length')).toMatchObject({ question: 'Сколько символов в SMS?', group: 'general' });

    const again = await post(t.app, '/api/tools/faq/create', entry, { token: root });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'faq_id_taken', message: 'A question with this id already exists' });

    const updated = await post(t.app, '/api/tools/faq/update', { ...entry, group: 'queue', answer_en: '<p><a href="javascript:alert(1)">70</a> characters</p>' }, { token: root });
    expect(updated.json()).toMatchObject({ result: { group: 'queue', answer_en: '<p><a rel="noopener noreferrer">70</a> characters</p>' } });

    const admin = FaqAdminListResult.parse((await post(t.app, '/api/tools/faq/list', {}, { token: root })).json<{ result: unknown }>().result);
    expect(admin.items.find((e) => e.id === 'sms-length')).toMatchObject({ question_ru: entry.question_ru, question_en: entry.question_en });

    expect((await post(t.app, '/api/tools/faq/delete', { id: 'sms-length' }, { token: root })).statusCode).toBe(200);
    expect((await faq()).some((e) => e.id === 'sms-length')).toBe(false);
    expect((await post(t.app, '/api/tools/faq/delete', { id: 'sms-length' }, { token: root })).statusCode).toBe(404);

    const [audit] = await queryRows<{ actions: string[] }>(t.database.db, sql`select array_agg(action order by id) as actions from audit_log where action like 'faq_%' and details->>'id' = 'sms-length'`);
    expect(audit?.actions).toEqual(['faq_create', 'faq_update', 'faq_delete']);
  });

  it.each([
    ['an id with spaces', { id: 'two words' }, 'id'],
    ['an id with a path', { id: '../x' }, 'id'],
    ['an unknown group', { group: 'misc' }, 'group'],
    ['a 301-character question', { question_en: 'x'.repeat(301) }, 'question_en'],
    ['an answer that is only a script', { answer_ru: '<script>alert(1)</script>' }, 'answer_ru'],
    ['a 10,001-character answer', { answer_en: 'x'.repeat(10_001) }, 'answer_en'],
  ])('refuses %s', async (_name, body, field) => {
    const res = await post(t.app, '/api/tools/faq/create', { ...entry, id: 'bad-one', ...body }, { token: root });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fields: Record<string, string> }>().fields)).toEqual([field]);
    const badId = 'id' in body ? body.id : 'bad-one';
    expect((await faq()).some((e) => e.id === 'bad-one' || e.id === badId)).toBe(false);
  });

  it('an update of a missing question is 404', async () => {
    const res = await post(t.app, '/api/tools/faq/update', { ...entry, id: 'never-was' }, { token: root });
    expect(res.statusCode).toBe(404);
  });
});
