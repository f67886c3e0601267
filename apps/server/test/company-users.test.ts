import { CompanyUser } from '@cab/contract/company-users';
import { ErrorBody } from '@cab/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/client.js';
import { mailBody, SmtpSink } from './support/smtp-sink.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

let smtp: SmtpSink;
let t: TestApp;
let demoId = 0;
let childId = 0;
let admin = '';

beforeAll(async () => {
  smtp = await SmtpSink.start();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://cabinet.example.test' },
  });
  const idOf = async (name: string) =>
    (await queryRows<{ id: number }>(t.database.db, sql`select id::int as id from companies where name = ${name}`))[0]
      ?.id ?? 0;
  demoId = await idOf('Demo Logistics LLC');
  childId = await idOf('Demo Logistics North');
  admin = (await login(t.app, 'admin@demo.local')).token;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});


/** The password in the newest mail to `email` (the API awaits the SMTP answer, so it is there). */
function mailedPassword(email: string): string {
  const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const text = mailBody(mail.raw);
  expect(text).toContain('https://cabinet.example.test/login');
  const match = /(?:Password|Пароль): (\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no password in mail: ${text}`);
  return match[1];
}

const call = (verb: string, body: unknown, token = admin, lang: 'en' | 'ru' = 'en') =>
  post(t.app, `/api/company/users/${verb}`, body, { token, lang });
const List = z.strictObject({ result: z.strictObject({ items: z.array(CompanyUser.strict()), total: z.number() }) });
const Created = z.strictObject({ result: z.strictObject({ user: CompanyUser.strict(), mail_sent: z.boolean() }) });
const codeOf = (res: { json: () => unknown }) => ErrorBody.parse(res.json()).code;
const loginStatus = async (email: string, password: string) =>
  (await post(t.app, '/api/login', { email, password })).statusCode;
const newUser = {
  company_id: 0,
  email: 'new.user@example.test',
  first_name: 'Nina',
  last_name: 'Novak',
  phone: '+79990001100',
  role: 'manager',
};

describe('company users', () => {
  it('lists the company’s users with localized role titles; manager, viewer get 403, another company 404', async () => {
    const res = await call('list', { company_id: demoId }, admin, 'ru');
    expect(res.statusCode).toBe(200);
    const { items } = List.parse(res.json()).result;
    expect(items.map((u) => u.email).sort()).toEqual(['admin@demo.local', 'manager@demo.local', 'viewer@demo.local']);
    expect(items.find((u) => u.email === 'admin@demo.local')).toMatchObject({
      role: 'admin',
      role_title: 'Администратор компании',
      self: true,
      active: true,
    });
    for (const email of ['manager@demo.local', 'viewer@demo.local']) {
      const { token } = await login(t.app, email);
      expect((await call('list', { company_id: demoId }, token)).statusCode).toBe(403);
    }
    const [operator] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select company_id::int as id from users where email = 'root@demo.local'`,
    );
    expect((await call('list', { company_id: operator?.id })).statusCode).toBe(404);
    expect((await call('list', { company_id: childId })).statusCode).toBe(200);
  });

  it('adds a user whose generated password arrives by SMTP and signs in; a taken e-mail is 409', async () => {
    const res = await call('create', { ...newUser, company_id: demoId });
    expect(res.statusCode).toBe(200);
    const created = Created.parse(res.json()).result;
    expect(created).toMatchObject({
      mail_sent: true,
      user: { email: newUser.email, role: 'manager', role_title: 'Manager', active: true, self: false },
    });
    const password = mailedPassword(newUser.email);
    expect(password).toHaveLength(12);
    expect(await loginStatus(newUser.email, password)).toBe(200);
    const again = await call('create', { ...newUser, company_id: demoId, email: 'ADMIN@demo.local' });
    expect(again.statusCode).toBe(409);
    expect(ErrorBody.parse(again.json())).toMatchObject({
      code: 'email_taken',
      message: 'A user with this e-mail is already registered',
    });
    expect(
      (await call('create', { ...newUser, company_id: demoId, role: 'root', email: 'x@example.test' })).statusCode,
    ).toBe(400);
  });

  it('edits a user; blocking signs them out and stops sign-in; unblocking lets them back', async () => {
    const user = List.parse((await call('list', { company_id: demoId })).json()).result.items.find(
      (u) => u.email === newUser.email,
    );
    if (!user) throw new Error('created user missing');
    const edited = await call('update', {
      id: user.id,
      email: 'nina@example.test',
      first_name: 'Nina',
      last_name: 'Novak-Li',
      phone: null,
      role: 'viewer',
    });
    expect(edited.statusCode).toBe(200);
    expect(z.object({ result: CompanyUser }).parse(edited.json()).result).toMatchObject({
      email: 'nina@example.test',
      last_name: 'Novak-Li',
      role: 'viewer',
    });
    const taken = await call('update', {
      id: user.id,
      email: 'Viewer@demo.local',
      first_name: 'N',
      last_name: 'N',
      phone: null,
      role: 'viewer',
    });
    expect(taken.statusCode).toBe(409);
    expect(codeOf(taken)).toBe('email_taken');
    const password = mailedPassword(newUser.email);
    const session = await login(t.app, 'nina@example.test', password);
    expect((await call('block', { id: user.id })).statusCode).toBe(200);
    expect((await post(t.app, '/api/session/check', undefined, { token: session.token })).statusCode).toBe(401);
    expect((await post(t.app, '/api/token/refresh', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    expect(await loginStatus('nina@example.test', password)).not.toBe(200);
    expect((await call('unblock', { id: user.id })).statusCode).toBe(200);
    expect(await loginStatus('nina@example.test', password)).toBe(200);
  });

  it('“e-mail a new password” replaces the password, mails it and ends the sessions', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from users where email = 'nina@example.test'`,
    );
    const old = mailedPassword(newUser.email);
    const session = await login(t.app, 'nina@example.test', old);
    const res = await call('send_password', { id: row?.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { mail_sent: true } });
    const fresh = mailedPassword('nina@example.test');
    expect(fresh).not.toBe(old);
    expect(await loginStatus('nina@example.test', old)).not.toBe(200);
    expect(await loginStatus('nina@example.test', fresh)).toBe(200);
    expect((await post(t.app, '/api/token/refresh', { refresh_token: session.refresh_token })).statusCode).toBe(401);
  });

  it('nobody blocks or deletes themselves; the last active admin stays; delete is soft', async () => {
    const users = List.parse((await call('list', { company_id: demoId })).json()).result.items;
    const self = users.find((u) => u.self);
    const nina = users.find((u) => u.email === 'nina@example.test');
    if (!self || !nina) throw new Error('users missing');
    for (const verb of ['block', 'delete']) {
      const res = await call(verb, { id: self.id });
      expect(res.statusCode).toBe(422);
      expect(codeOf(res)).toBe('user_self_action');
    }
    const demote = await call('update', {
      id: self.id,
      email: self.email,
      first_name: 'A',
      last_name: 'B',
      phone: null,
      role: 'manager',
    });
    expect(demote.statusCode).toBe(409);
    expect(codeOf(demote)).toBe('last_admin');
    // Root removing the only admin is refused too.
    const { token: root } = await login(t.app, 'root@demo.local');
    expect(codeOf(await call('delete', { id: self.id }, root))).toBe('last_admin');

    expect((await call('delete', { id: nina.id })).statusCode).toBe(200);
    const after = List.parse((await call('list', { company_id: demoId })).json()).result.items;
    expect(after.some((u) => u.id === nina.id)).toBe(false);
    const [row] = await queryRows<{ deleted: boolean }>(
      t.database.db,
      sql`select deleted_at is not null as deleted from users where id = ${nina.id}`,
    );
    expect(row?.deleted).toBe(true);
    expect((await call('unblock', { id: nina.id })).statusCode).toBe(404);
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`
      select count(*)::int as n from audit_log where action in ('user_create', 'user_update', 'user_block', 'user_unblock', 'user_delete', 'user_password_send')`,
    );
    expect(audit?.n).toBe(6);
  });

  it('a blocked company cannot change its users', async () => {
    await t.database.db.execute(sql`update companies set blocked = true where id = ${demoId}`);
    try {
      const res = await call('create', { ...newUser, company_id: demoId, email: 'blocked@example.test' });
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('company_blocked');
    } finally {
      await t.database.db.execute(sql`update companies set blocked = false where id = ${demoId}`);
    }
  });
});
