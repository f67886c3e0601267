import { ErrorBody } from '@cab/contract/errors';
import { Profile, SessionInfo, SessionsRevokeResult } from '@cab/contract/profile';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/client.js';
import { DEMO_PASSWORD, createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const StrictErrorBody = ErrorBody.strict();
const ProfileAnswer = z.strictObject({ result: Profile.strict() });
const SessionsAnswer = z.strictObject({ result: z.strictObject({ items: z.array(SessionInfo.strict()) }) });
const RevokeAnswer = z.strictObject({ result: SessionsRevokeResult.strict() });
const OkAnswer = z.strictObject({ result: z.strictObject({ ok: z.literal(true) }) });

const call = (verb: string, body: unknown, token: string, lang: 'en' | 'ru' = 'en') =>
  post(t.app, `/api/profile/${verb}`, body, { token, lang });
const sessionCheck = async (token: string) =>
  (await post(t.app, '/api/session/check', undefined, { token })).statusCode;
const loginAs = async (email: string, password: string, userAgent: string) => {
  const res = await post(t.app, '/api/login', { email, password }, { headers: { 'user-agent': userAgent } });
  return {
    status: res.statusCode,
    token: res.statusCode === 200 ? res.json<{ result: { token: string } }>().result.token : '',
  };
};

describe('profile get and update', () => {
  it('answers the caller’s own profile', async () => {
    const { token, id } = await login(t.app, 'manager@demo.local');
    const res = await call('get', {}, token);
    expect(res.statusCode).toBe(200);
    const profile = ProfileAnswer.parse(res.json()).result;
    expect(profile).toMatchObject({ id, email: 'manager@demo.local', first_name: 'Maxim', last_name: 'Managerov' });
  });

  it('updates name, phone and language and writes an audit row', async () => {
    const { token, id } = await login(t.app, 'manager@demo.local');
    const body = { first_name: ' Max ', last_name: 'Managerov-Smith', phone: '+79990001122', lang: 'en' };
    const res = await call('update', body, token);
    expect(res.statusCode).toBe(200);
    expect(ProfileAnswer.parse(res.json()).result).toEqual({
      id,
      email: 'manager@demo.local',
      first_name: 'Max',
      last_name: 'Managerov-Smith',
      phone: '+79990001122',
      lang: 'en',
    });
    expect(ProfileAnswer.parse((await call('get', {}, token)).json()).result.phone).toBe('+79990001122');
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where user_id = ${id} and action = 'profile_update'`,
    );
    expect(audit[0]?.n).toBe(1);

    const cleared = await call('update', { ...body, phone: null, lang: 'ru' }, token);
    expect(ProfileAnswer.parse(cleared.json()).result).toMatchObject({ phone: null, lang: 'ru' });
  });

  it.each([
    ['an empty first name', { first_name: '  ', last_name: 'X', phone: null, lang: 'ru' }, 'first_name'],
    ['a bad phone', { first_name: 'A', last_name: 'B', phone: 'abc', lang: 'ru' }, 'phone'],
    ['an unknown language', { first_name: 'A', last_name: 'B', phone: null, lang: 'de' }, 'lang'],
    ['an unknown field', { first_name: 'A', last_name: 'B', phone: null, lang: 'ru', role: 'root' }, 'role'],
  ])('rejects %s with 400', async (_name, body, field) => {
    const { token } = await login(t.app, 'manager@demo.local');
    const res = await call('update', body, token);
    expect(res.statusCode).toBe(400);
    const error = StrictErrorBody.parse(res.json());
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {})).toContain(field);
  });

  it('requires a session', async () => {
    expect((await post(t.app, '/api/profile/get', {})).statusCode).toBe(401);
  });
});

describe('password change', () => {
  const email = 'admin@demo.local';
  const newPassword = 'a-brand-new-password';

  it('rejects a wrong current password with 422 in both languages', async () => {
    const { token } = await login(t.app, email);
    const en = await call('password', { current_password: 'not-it', new_password: newPassword }, token);
    expect(en.statusCode).toBe(422);
    expect(StrictErrorBody.parse(en.json())).toEqual({
      message: 'Wrong password',
      code: 'wrong_password',
      fields: { current_password: 'Wrong value' },
    });
    const ru = await call('password', { current_password: 'not-it', new_password: newPassword }, token, 'ru');
    expect(StrictErrorBody.parse(ru.json())).toMatchObject({ message: 'Неверный пароль', code: 'wrong_password' });
    expect((await login(t.app, email)).token).toBeTruthy();
  });

  it('rejects a too short new password with 400', async () => {
    const { token } = await login(t.app, email);
    const res = await call('password', { current_password: DEMO_PASSWORD, new_password: 'short' }, token);
    expect(res.statusCode).toBe(400);
    expect(StrictErrorBody.parse(res.json()).fields).toHaveProperty('new_password');
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const other = await login(t.app, email);
    const current = await login(t.app, email);
    const revoked: string[] = [];
    const unsubscribe = t.bus.subscribe((message) => {
      if (message.kind === 'session_revoked') revoked.push(message.sessionId);
    });

    const res = await call('password', { current_password: DEMO_PASSWORD, new_password: newPassword }, current.token);
    expect(res.statusCode).toBe(200);
    expect(OkAnswer.parse(res.json()).result.ok).toBe(true);

    expect(await sessionCheck(current.token)).toBe(200);
    expect(await sessionCheck(other.token)).toBe(401);
    expect((await post(t.app, '/api/token/refresh', { refresh_token: other.refresh_token })).statusCode).toBe(401);
    expect((await loginAs(email, DEMO_PASSWORD, 'x')).status).toBe(401);
    expect((await loginAs(email, newPassword, 'x')).status).toBe(200);
    await expect.poll(() => revoked.length).toBeGreaterThan(0);
    unsubscribe();
  });
});

describe('sessions', () => {
  const email = 'agent@demo.local';

  it('lists live sessions newest first, flags the current one, and revokes the others', async () => {
    const first = await loginAs(email, DEMO_PASSWORD, 'Mozilla/5.0 (Windows NT 10.0) Firefox/128.0');
    const second = await loginAs(email, DEMO_PASSWORD, 'Mozilla/5.0 (Macintosh) Safari/605.1.15');

    const list = SessionsAnswer.parse((await call('sessions', {}, second.token)).json()).result.items;
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0]).toMatchObject({
      current: true,
      user_agent: 'Mozilla/5.0 (Macintosh) Safari/605.1.15',
      ip: '127.0.0.1',
    });
    expect(list[1]).toMatchObject({ current: false, user_agent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/128.0' });
    expect(list[0]?.last_used).toBeGreaterThanOrEqual(list[0]?.created ?? 0);

    const revoke = await call('sessions/revoke_others', {}, second.token);
    expect(revoke.statusCode).toBe(200);
    expect(RevokeAnswer.parse(revoke.json()).result).toEqual({ revoked: 1 });
    expect(await sessionCheck(first.token)).toBe(401);
    expect(await sessionCheck(second.token)).toBe(200);

    const after = SessionsAnswer.parse((await call('sessions', {}, second.token)).json()).result.items;
    expect(after).toHaveLength(1);
    expect(after[0]?.current).toBe(true);
    expect(RevokeAnswer.parse((await call('sessions/revoke_others', {}, second.token)).json()).result).toEqual({
      revoked: 0,
    });
  });

  it('keeps one entry per family across refreshes, with the newest token as last use', async () => {
    const { token, refresh_token } = await login(t.app, 'root@demo.local');
    const refreshed = await post(
      t.app,
      '/api/token/refresh',
      { refresh_token },
      { headers: { 'user-agent': 'Refreshed/1.0' } },
    );
    expect(refreshed.statusCode).toBe(200);
    const list = SessionsAnswer.parse((await call('sessions', {}, token)).json()).result.items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ current: true, user_agent: 'Refreshed/1.0' });
  });
});

describe('blocked company', () => {
  it('lets its user change the password but not the profile', async () => {
    const { token, id } = await login(t.app, 'viewer@demo.local');
    await t.database.db.execute(
      sql`update companies set blocked = true where id = (select company_id from users where id = ${id})`,
    );
    try {
      const update = await call('update', { first_name: 'V', last_name: 'V', phone: null, lang: 'en' }, token);
      expect(update.statusCode).toBe(403);
      expect(StrictErrorBody.parse(update.json()).code).toBe('company_blocked');

      expect((await call('get', {}, token)).statusCode).toBe(200);
      expect((await call('sessions', {}, token)).statusCode).toBe(200);
      expect((await call('sessions/revoke_others', {}, token)).statusCode).toBe(200);
      const change = await call(
        'password',
        { current_password: DEMO_PASSWORD, new_password: 'viewer-new-password' },
        token,
      );
      expect(change.statusCode).toBe(200);
      expect((await loginAs('viewer@demo.local', 'viewer-new-password', 'x')).status).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`update companies set blocked = false where id = (select company_id from users where id = ${id})`,
      );
    }
  });
});
