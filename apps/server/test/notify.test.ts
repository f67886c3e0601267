import { Notification, NotifyListResult } from '@cab/contract/notify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

const StrictList = NotifyListResult.extend({ items: z.record(z.string(), Notification.strict()) }).strict();

let t: TestApp;
const tokens: Record<'admin' | 'manager' | 'agent', string> = { admin: '', manager: '', agent: '' };
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'manager', 'agent'] as const)
    tokens[role] = (await login(t.app, `${role}@demo.local`)).token;
});
afterAll(async () => t.close());

async function list(token: string, body?: unknown, lang: 'ru' | 'en' = 'ru'): Promise<NotifyListResult> {
  const res = await post(t.app, '/api/notify/list', body, { token, lang });
  expect(res.statusCode).toBe(200);
  return StrictList.parse(res.json<{ result: unknown }>().result);
}

async function read(token: string, id: unknown): Promise<{ statusCode: number; body: unknown }> {
  const res = await post(t.app, '/api/notify/read', { id }, { token });
  return { statusCode: res.statusCode, body: res.json() };
}

const ids = (result: NotifyListResult) => Object.values(result.items).map((n) => n.id);

describe('POST /api/notify/list', () => {
  it('gives each demo user 3 unread notifications keyed by id', async () => {
    const result = await list(tokens.admin);
    expect(result.count).toBe(3);
    const entries = Object.entries(result.items);
    expect(entries).toHaveLength(3);
    for (const [key, item] of entries) {
      expect(key).toBe(String(item.id));
      expect(item.readed).toBe(false);
    }
    const newestFirst = Object.values(result.items).sort((a, b) => b.added - a.added);
    // One language each (not glued "ru / en"), each linking to the page of its object.
    expect(newestFirst.map((n) => [n.type, n.text, n.link?.replace(/\/sim\/\d+$/, '/sim/ID')])).toEqual([
      ['success', 'Блокировка 120 SIM-карт завершена', '/list?blocked=1'],
      ['info', 'Выставлен счёт № 1024', '/docs'],
      ['warning', 'SIM 89701000000001000774 заблокирована по MSU', '/sim/ID'],
    ]);
    // The reader's language of the call, whatever the language the rows were written in.
    const english = Object.values((await list(tokens.admin, undefined, 'en')).items).sort((a, b) => b.added - a.added);
    expect(english.map((n) => n.text)).toEqual([
      'Blocking of 120 SIM cards finished',
      'Bill No. 1024 issued',
      'SIM 89701000000001000774 blocked by MSU',
    ]);
    expect(english[1]?.texts).toEqual({ ru: 'Выставлен счёт № 1024', en: 'Bill No. 1024 issued' });
    // The seed dates its rows from when it ran: once per test run (database-snapshot.ts).
    const hourAgo = inject('seededAt') - 3600;
    expect(newestFirst[0]?.added).toBeGreaterThanOrEqual(hourAgo - 5);
    expect(newestFirst[0]?.added).toBeLessThanOrEqual(hourAgo + 5);
  });

  it('accepts an empty body, {} and {all:false} alike', async () => {
    const a = await list(tokens.manager);
    expect(await list(tokens.manager, {})).toEqual(a);
    expect(await list(tokens.manager, { all: false })).toEqual(a);
    const bad = await post(t.app, '/api/notify/list', { all: 'yes' }, { token: tokens.manager });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/notify/read', () => {
  it('marks the given ids read; count drops; {all:true} still lists them as read', async () => {
    const before = await list(tokens.admin);
    const [first] = ids(before);
    if (first === undefined) throw new Error('no notification');
    expect(await read(tokens.admin, [first])).toEqual({ statusCode: 200, body: { result: { updated: 1 } } });

    const unread = await list(tokens.admin);
    expect(unread.count).toBe(2);
    expect(ids(unread).sort()).toEqual(
      ids(before)
        .filter((id) => id !== first)
        .sort(),
    );

    const all = await list(tokens.admin, { all: true });
    expect(all.count).toBe(2);
    expect(Object.keys(all.items).sort()).toEqual(Object.keys(before.items).sort());
    expect(all.items[String(first)]).toEqual({
      ...before.items[String(first)],
      readed: true,
    } satisfies Partial<Notification>);

    // Reading it again changes nothing.
    expect(await read(tokens.admin, [first])).toEqual({ statusCode: 200, body: { result: { updated: 0 } } });
  });

  it("does not touch another user's notifications, in the same company or another", async () => {
    const managerIds = ids(await list(tokens.manager));
    const agentIds = ids(await list(tokens.agent));
    expect(managerIds).toHaveLength(3);
    expect(agentIds).toHaveLength(3);
    const adminAll = await list(tokens.admin, { all: true });
    for (const id of [...managerIds, ...agentIds]) expect(adminAll.items[String(id)]).toBeUndefined();

    expect(await read(tokens.admin, [...managerIds, ...agentIds])).toEqual({
      statusCode: 200,
      body: { result: { updated: 0 } },
    });
    expect((await list(tokens.manager)).count).toBe(3);
    expect((await list(tokens.agent)).count).toBe(3);
    expect(Object.values((await list(tokens.agent, { all: true })).items).every((n) => !n.readed)).toBe(true);
  });

  it('reads several at once and ignores ids that do not exist', async () => {
    const managerIds = ids(await list(tokens.manager));
    expect(await read(tokens.manager, [...managerIds, 999_999])).toEqual({
      statusCode: 200,
      body: { result: { updated: 3 } },
    });
    expect(await list(tokens.manager)).toEqual({ count: 0, items: {} });
  });

  it.each([
    ['an empty list', []],
    ['1001 ids', Array.from({ length: 1001 }, (_, i) => i + 1)],
    ['a fractional id', [1.5]],
    ['a string id', ['1']],
    ['id 0', [0]],
    ['a single id not in a list', 1],
  ])('rejects %s with 400 validation_failed', async (_name, id) => {
    const res = await read(tokens.agent, id);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', fields: expect.any(Object) as unknown });
  });

  it('accepts exactly 1000 ids', async () => {
    const res = await read(
      tokens.agent,
      Array.from({ length: 1000 }, (_, i) => 1_000_000 + i),
    );
    expect(res).toEqual({ statusCode: 200, body: { result: { updated: 0 } } });
  });
});
