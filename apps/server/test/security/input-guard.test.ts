import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { createTestApp, login, type TestApp } from '../support/test-app.js';

/** NUL and lone UTF-16 surrogates are refused wherever they are in a request, naming the field. */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin@demo.local')).token;
});
afterAll(async () => t.close());

/** Sends JSON text as written: `\ud800` stays an escape the server's parser turns into a lone surrogate. */
async function raw(path: string, json: string, options: { token?: string; lang?: string; query?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${path}?lang=${options.lang ?? 'en'}${options.query ?? ''}`,
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    payload: json,
  });
}

const EN = 'The text holds characters that are not allowed (a NUL character or an incomplete Unicode character)';
const RU = 'Текст содержит недопустимые символы (нулевой символ или неполный символ Юникода)';
const refused = (field: string, text = EN, message = 'Wrong input data') => ({ message, code: 'validation_failed', fields: { [field]: text } });

async function groupRows(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`
    select (select count(*) from sim_groups)::int + (select count(*) from audit_log where action = 'group_create')::int as n`);
  return row?.n ?? 0;
}

describe('unstorable text in a request', () => {
  it('a lone surrogate in a group name is a 400 naming the field; nothing is saved', async () => {
    const before = await groupRows();
    for (const name of ['a\\ud800b', '\\udc00', 'x\\udbff']) {
      const res = await raw('/api/groups/create', `{"name":"${name}"}`, { token: admin });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual(refused('name'));
    }
    const ru = await raw('/api/groups/create', '{"name":"a\\ud800b"}', { token: admin, lang: 'ru' });
    expect(ru.json()).toEqual(refused('name', RU, 'Неверные входные данные'));
    expect(await groupRows()).toBe(before);
  });

  it('a NUL is refused before sign-in routes run, e.g. password recovery', async () => {
    const res = await raw('/api/forgot/request', '{"email":"\\u0000"}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('email'));
  });

  it('names the path of a nested field, and refuses bad object keys', async () => {
    const nested = await raw('/api/sims/list', '{"page":0,"size":10,"filter":{"query":"a\\u0000"}}', { token: admin });
    expect(nested.json()).toEqual(refused('filter.query'));
    const item = await raw('/api/notify/read', '{"id":[1,"\\ud800"]}', { token: admin });
    expect(item.json()).toEqual(refused('id.1'));
    const key = await raw('/api/groups/create', '{"name":"ok","bad\\u0000key":1}', { token: admin });
    expect(key.json()).toEqual(refused('_'));
    const nestedKey = await raw('/api/sims/list', '{"page":0,"size":10,"filter":{"\\udc00":1}}', { token: admin });
    expect(nestedKey.json()).toEqual(refused('filter'));
  });

  it('checks the query string too', async () => {
    const param = await raw('/api/groups/list', '{}', { token: admin, query: '&x=a%00b' });
    expect(param.statusCode).toBe(400);
    expect(param.json()).toEqual(refused('x'));
    const results = await t.app.inject({ method: 'GET', url: '/api/queue/results?lang=en&qid=1%00', headers: { authorization: `Bearer ${admin}` } });
    expect(results.json()).toEqual(refused('qid'));
  });

  it('keeps whole surrogate pairs (emoji) and ordinary Unicode', async () => {
    const res = await raw('/api/groups/create', '{"name":"Trucks \\ud83d\\ude9a Ёж"}', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ result: { name: string } }>().result.name).toBe('Trucks 🚚 Ёж');
  });
});

describe('bodies the parser refuses answer localized {message, code}', () => {
  it('a body over 1 MB is 413', async () => {
    const big = `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`;
    const en = await raw('/api/groups/create', big, { token: admin });
    expect(en.statusCode).toBe(413);
    expect(en.json()).toEqual({ message: 'The request is too large (1 MB at most)', code: 'payload_too_large' });
    const ru = await raw('/api/groups/create', big, { token: admin, lang: 'ru' });
    expect(ru.json()).toEqual({ message: 'Запрос слишком большой (не более 1 МБ)', code: 'payload_too_large' });
  });

  it('a content type other than JSON is 415', async () => {
    for (const type of ['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=b']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/groups/create?lang=en',
        headers: { 'content-type': type, authorization: `Bearer ${admin}` },
        payload: 'name=x',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ message: 'Unsupported request format: send JSON', code: 'unsupported_media_type' });
    }
  });

  it('broken JSON is 400 bad_request', async () => {
    const res = await raw('/api/groups/create', '{"name":', { token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Wrong input data', code: 'bad_request' });
  });
});
