import type { AddressInfo } from 'node:net';
import type { WsServerEvent } from '@cab/contract/ws';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { MessageBudget } from '../src/realtime/message-budget.js';
import { AGENT_COMPANY, DEMO_COMPANY, companyIdByName, userByEmail } from './support/db.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';
import { openAuthedSocket, openSocket, type TestSocket } from './support/ws-client.js';

let t: TestApp;
let url: string;
const opened: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
  // Test instrumentation: a row per UPDATE of a user, to count the writes sockets cause.
  await t.database.db.execute(sql`create table test_user_writes (user_id bigint not null)`);
  await t.database.db.execute(sql`
    create function test_count_user_write() returns trigger language plpgsql as $$
    begin insert into test_user_writes values (new.id); return new; end $$`);
  await t.database.db.execute(sql`
    create trigger test_user_writes after update on users for each row execute function test_count_user_write()`);
});

async function userWrites(userId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from test_user_writes where user_id = ${userId}`);
  return Number(rows[0]?.n ?? 0);
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});
afterAll(async () => t.close());

async function socketOf(email: string, lang: 'ru' | 'en' = 'en'): Promise<TestSocket> {
  const { token } = await login(t.app, email);
  const socket = await openAuthedSocket(url, token, lang);
  opened.push(socket);
  return socket;
}

const order = (id: number): WsServerEvent => ({ type: 'order', data: { id } });
const hasOrder = (socket: TestSocket, id: number) => socket.events.some((e) => e.type === 'order' && e.data.id === id);

describe('websocket /ws', () => {
  it('answers a valid auth message with {type:auth, data:{ok:true}}', async () => {
    const { token } = await login(t.app, 'viewer@demo.local');
    const socket = await openSocket(url);
    opened.push(socket);
    socket.send({ type: 'auth', data: token, x_app_id: crypto.randomUUID(), lang: 'en' });
    expect(await socket.next(() => true)).toEqual({ type: 'auth', data: { ok: true } });
    expect(socket.closeCode).toBeNull();
  });

  it.each([
    ['en', 'Connection authorization failed'],
    ['ru', 'Ошибка авторизации соединения'],
  ] as const)('refuses a bad token (%s) with a localized message and closes with 4001', async (lang, message) => {
    const socket = await openSocket(url);
    opened.push(socket);
    socket.send({ type: 'auth', data: 'not-a-token', x_app_id: crypto.randomUUID(), lang });
    expect(await socket.closed()).toBe(4001);
    expect(socket.events).toEqual([{ type: 'auth', data: { ok: false, message } }]);
  });

  it('stores the language chosen on auth and every language the client switches to', async () => {
    const langOf = async () => (await userByEmail(t.database.db, 'agent@demo.local')).lang;
    expect(await langOf()).toBe('ru');
    const socket = await socketOf('agent@demo.local', 'en');
    expect(await langOf()).toBe('en');
    socket.send({ type: 'lang', data: 'ru' });
    await waitFor(async () => (await langOf()) === 'ru', 5000, 'users.lang = ru');
    socket.send({ type: 'lang', data: 'en' });
    await waitFor(async () => (await langOf()) === 'en', 5000, 'users.lang = en');
  });

  it('writes nothing for a language the socket already has, on auth or after', async () => {
    const user = await userByEmail(t.database.db, 'viewer@demo.local');
    const current = user.lang === 'en' ? 'en' : 'ru';
    const other = current === 'en' ? 'ru' : 'en';
    const before = await userWrites(user.id);
    const socket = await socketOf('viewer@demo.local', current);
    for (let i = 0; i < 10; i++) socket.send({ type: 'lang', data: current });
    // A real switch is written, and it is the only write.
    socket.send({ type: 'lang', data: other });
    await waitFor(async () => (await userByEmail(t.database.db, 'viewer@demo.local')).lang === other, 5000, `users.lang = ${other}`);
    await socket.flush();
    expect((await userWrites(user.id)) - before).toBe(1);
    expect(socket.closeCode).toBeNull();
  });

  it('closes a socket that floods messages (1008) after a bounded number of writes', async () => {
    const user = await userByEmail(t.database.db, 'manager@demo.local');
    const before = await userWrites(user.id);
    const socket = await socketOf('manager@demo.local', 'en');
    for (let i = 0; i < 3000; i++) socket.send({ type: 'lang', data: i % 2 ? 'en' : 'ru' });
    expect(await socket.closed()).toBe(1008);
    // Let whatever was accepted before the close reach the database.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await userWrites(user.id)) - before).toBeLessThanOrEqual(25);
    // Other sockets are unaffected.
    const other = await socketOf('manager@demo.local', 'en');
    await other.flush();
    expect(other.closeCode).toBeNull();
  });

  it('routes bus events by company and by user, and never to an unauthenticated socket', async () => {
    const demo = await companyIdByName(t.database.db, DEMO_COMPANY);
    const agency = await companyIdByName(t.database.db, AGENT_COMPANY);
    const admin = await socketOf('admin@demo.local');
    const manager = await socketOf('manager@demo.local');
    const agent = await socketOf('agent@demo.local');
    const anonymous = await openSocket(url);
    opened.push(anonymous);
    const adminUser = await userByEmail(t.database.db, 'admin@demo.local');

    await t.bus.publish({ companyId: demo }, order(1));
    await t.bus.publish({ companyId: agency }, order(2));
    await t.bus.publish({ userId: adminUser.id }, order(3));
    // A marker to everyone: once it has arrived, every earlier event has been delivered too.
    await t.bus.publish({}, order(4));
    for (const socket of [admin, manager, agent]) await socket.next((e) => e.type === 'order' && e.data.id === 4);
    await anonymous.flush();

    const received = (s: TestSocket) => [1, 2, 3, 4].filter((id) => hasOrder(s, id));
    expect(received(admin)).toEqual([1, 3, 4]);
    expect(received(manager)).toEqual([1, 4]);
    expect(received(agent)).toEqual([2, 4]);
    expect(anonymous.events).toEqual([]);
  });

  it('delivers portal_update to a signed-in admin when root publishes news', async () => {
    const admin = await socketOf('admin@demo.local');
    const { token } = await login(t.app, 'root@demo.local');
    const res = await post(t.app, '/api/news/create', { title_ru: 'Live', text_ru: '<p>now</p>', title_en: '', text_en: '' }, { token });
    expect(res.statusCode).toBe(200);
    expect(await admin.next((e) => e.type === 'portal_update')).toEqual({ type: 'portal_update', data: {} });
  });

  it('closes the socket of a session that logs out (4001), and only that one', async () => {
    const session = await login(t.app, 'manager@demo.local');
    const leaving = await openAuthedSocket(url, session.token);
    opened.push(leaving);
    const staying = await socketOf('manager@demo.local');
    const res = await post(t.app, '/api/logout', {}, { token: session.token });
    expect(res.statusCode).toBe(200);
    expect(await leaving.closed()).toBe(4001);
    await staying.flush();
    expect(staying.closeCode).toBeNull();
  });
});

describe('MessageBudget', () => {
  it('allows a burst, then refills at its rate', () => {
    let now = 0;
    const budget = new MessageBudget(20, 5, () => now);
    const taken = Array.from({ length: 21 }, () => budget.take());
    expect(taken.filter(Boolean)).toHaveLength(20);
    expect(taken[20]).toBe(false);
    now += 1000;
    expect(Array.from({ length: 6 }, () => budget.take())).toEqual([true, true, true, true, true, false]);
    now += 60_000;
    expect(Array.from({ length: 21 }, () => budget.take()).filter(Boolean)).toHaveLength(20);
  });
});
