import type { ErrorBody } from '@cab/contract/errors';
import type { NotifyDeliveryListResult, NotifyMethod, NotifyMethodListResult } from '@cab/contract/notify-methods';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let operatorId: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['root', 'admin', 'manager', 'viewer', 'agent'])
    tokens[role] = (await login(t.app, `${role}@demo.local`)).token;
  const [operator] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id::int as id from companies where contract = 'OP-0001'`,
  );
  if (!operator) throw new Error('no operator company');
  operatorId = Number(operator.id);
});
afterAll(async () => {
  await t.close();
});

const call = (path: string, body: unknown, role = 'admin', lang: 'ru' | 'en' = 'en') =>
  post(t.app, `/api/notify_methods/${path}`, body, { token: tokens[role], lang });
const flags = { sim: true, billing: false, notify: true };

describe('notification methods CRUD', () => {
  it('creates each type, gives a webhook a signing secret, lists, updates and deletes', async () => {
    const created: NotifyMethod[] = [];
    for (const [type, destination] of [
      [0, 'alerts@example.com'],
      [1, 'https://hooks.example.com/sim?x=1'],
      [2, '+491701234567'],
      [3, '-1001234567890'],
    ] as const) {
      const res = await call('create', { type, destination, ...flags });
      expect(res.statusCode, res.body).toBe(200);
      created.push(res.json<{ result: NotifyMethod }>().result);
    }
    expect(created.map((m) => [m.type, m.sim, m.billing, m.notify])).toEqual([
      [0, true, false, true],
      [1, true, false, true],
      [2, true, false, true],
      [3, true, false, true],
    ]);
    const webhook = created[1]!;
    expect(webhook.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(created.filter((m) => m.secret !== null)).toHaveLength(1);

    const list = (await call('list', {})).json<{ result: NotifyMethodListResult }>().result;
    expect(list.total).toBe(4);
    expect(list.items.map((m) => m.destination)).toEqual(created.map((m) => m.destination));

    // Editing a webhook keeps its secret, so receivers need not be reconfigured.
    const updated = await call('update', {
      id: webhook.id,
      type: 1,
      destination: 'http://hooks.example.net:8080/hook',
      sim: false,
      billing: true,
      notify: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ result: NotifyMethod }>().result).toMatchObject({
      secret: webhook.secret,
      sim: false,
      billing: true,
      notify: false,
    });
    // Switching a webhook to e-mail drops the secret.
    const toMail = await call('update', { id: webhook.id, type: 0, destination: 'ops@example.com', ...flags });
    expect(toMail.json<{ result: NotifyMethod }>().result.secret).toBeNull();

    for (const method of created) expect((await call('delete', { id: method.id })).statusCode).toBe(200);
    expect((await call('list', null)).json<{ result: NotifyMethodListResult }>().result).toEqual({
      items: [],
      total: 0,
    });
    expect((await call('delete', { id: created[0]!.id })).statusCode).toBe(404);
  });

  it('rejects a destination that does not fit its type, with a message per type in ru and en', async () => {
    const cases = [
      [0, 'not-an-email', 'Enter an e-mail as user@domain', 'Введите e-mail в виде user@domain'],
      [1, 'ftp://example.com/hook', 'Enter an http:// or https:// address', 'Введите адрес http:// или https://'],
      [
        2,
        '89991234567',
        'Enter the number in international format: + and 8 to 15 digits',
        'Введите номер в международном формате: + и от 8 до 15 цифр',
      ],
      [
        2,
        '+1234567',
        'Enter the number in international format: + and 8 to 15 digits',
        'Введите номер в международном формате: + и от 8 до 15 цифр',
      ],
      [
        3,
        'my chat',
        'Enter the chat key from our bot: a numeric chat id or an @channel name',
        'Введите ключ чата от нашего бота: числовой id чата или @имя канала',
      ],
    ] as const;
    for (const [type, destination, en, ru] of cases) {
      const resEn = await call('create', { type, destination, ...flags }, 'admin', 'en');
      expect(resEn.statusCode).toBe(400);
      expect(resEn.json<ErrorBody>()).toMatchObject({ code: 'validation_failed', fields: { destination: en } });
      const resRu = await call('create', { type, destination, ...flags }, 'admin', 'ru');
      expect(resRu.json<ErrorBody>().fields).toEqual({ destination: ru });
    }
    expect((await call('create', { type: 4, destination: 'a@b.cd', ...flags })).statusCode).toBe(400);
    expect((await call('create', { type: 0, destination: 'a@b.cd', ...flags, extra: 1 })).statusCode).toBe(400);
    expect((await call('create', { type: 0, destination: `${'a'.repeat(600)}@b.cd`, ...flags })).statusCode).toBe(400);
    expect((await call('list', {})).json<{ result: NotifyMethodListResult }>().result.total).toBe(0);
  });

  it('is for admins and root only: viewer, manager and agent get 403', async () => {
    for (const role of ['viewer', 'manager', 'agent']) {
      expect((await call('list', {}, role)).statusCode).toBe(403);
      expect((await call('create', { type: 0, destination: 'a@example.com', ...flags }, role)).statusCode).toBe(403);
    }
  });

  it("answers 404 for another company's method; root may act on any company by id", async () => {
    const res = await call(
      'create',
      { company_id: operatorId, type: 0, destination: 'noc@operator.example', ...flags },
      'root',
    );
    expect(res.statusCode, res.body).toBe(200);
    const foreign = res.json<{ result: NotifyMethod }>().result;
    expect(foreign.company_id).toBe(operatorId);
    expect(
      (await call('list', { company_id: operatorId }, 'root')).json<{ result: NotifyMethodListResult }>().result.total,
    ).toBe(1);

    expect((await call('list', { company_id: operatorId })).statusCode).toBe(404);
    for (const path of ['delete', 'test', 'deliveries'])
      expect((await call(path, { id: foreign.id })).statusCode).toBe(404);
    expect((await call('update', { id: foreign.id, type: 0, destination: 'x@example.com', ...flags })).statusCode).toBe(
      404,
    );
    expect((await call('list', { company_id: 999_999 }, 'root')).statusCode).toBe(404);
  });

  it('test-send tries the delivery at once and the method log shows the same outcome', async () => {
    const method = (await call('create', { type: 0, destination: 'test@example.com', ...flags })).json<{
      result: NotifyMethod;
    }>().result;
    const res = await call('test', { id: method.id });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{ result: { delivery_id: number; status: string; error: string | null } }>().result;
    expect(result).toMatchObject({ status: 'sent', error: null });
    const log = (await call('deliveries', { id: method.id })).json<{ result: NotifyDeliveryListResult }>().result;
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({ id: result.delivery_id, notification_id: null, status: 'sent', attempts: 1 });
    expect((await call('deliveries', { id: method.id }, 'viewer')).statusCode).toBe(403);
  });
});
