import { LoginResult, TokenPair } from '@cab/contract/auth';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET, createTestApp, login, post, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // Attempts count in fixed windows (date_bin): eleven tries straddling a 15-minute boundary were two
  // windows and no lockout. In a day's window they straddle one only at midnight UTC.
  t = await createTestApp({ env: { AUTH_WINDOW_MINUTES: '1440' } });
});
afterAll(async () => t.close());

describe('POST /api/login', () => {
  it('answers {result:{token, refresh_token, id}} and the token carries exp', async () => {
    const res = await post(t.app, '/api/login', { email: 'admin@demo.local', password: 'demo-test-password' });
    expect(res.statusCode).toBe(200);
    const { result } = res.json<{ result: unknown }>();
    const parsed = LoginResult.strict().parse(result);
    const payload = JSON.parse(Buffer.from(parsed.token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await post(t.app, '/api/login', { email: 'Admin@Demo.Local', password: 'demo-test-password' });
    expect(res.statusCode).toBe(200);
  });

  it('rejects a wrong password with a localized message', async () => {
    const en = await post(t.app, '/api/login', { email: 'admin@demo.local', password: 'nope' }, { lang: 'en' });
    expect(en.statusCode).toBe(401);
    expect(en.json()).toEqual({ message: 'Wrong e-mail or password', code: 'invalid_credentials' });
    const ru = await post(t.app, '/api/login', { email: 'admin@demo.local', password: 'nope' }, { lang: 'ru' });
    expect(ru.json()).toEqual({ message: 'Неверный e-mail или пароль', code: 'invalid_credentials' });
  });

  it('rejects an unknown e-mail exactly like a wrong password', async () => {
    const res = await post(t.app, '/api/login', { email: 'ghost@demo.local', password: 'demo-test-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('validates every field and rejects unknown ones', async () => {
    const res = await post(t.app, '/api/login', { email: 'not-an-email', password: '', extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Wrong input data',
      code: 'validation_failed',
      fields: { email: 'Wrong value', password: 'Wrong value', extra: 'Unknown field' },
    });
  });
});

describe('token refresh', () => {
  it('rotates: the new pair works, the old refresh token does not', async () => {
    const first = await login(t.app, 'manager@demo.local');
    const res = await post(t.app, '/api/token/refresh', { refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    const next = TokenPair.strict().parse(res.json<{ result: unknown }>().result);
    expect(next.refresh_token).not.toBe(first.refresh_token);
    const check = await post(t.app, '/api/session/check', undefined, { token: next.token });
    expect(check.json()).toEqual({ result: { ok: true } });
  });

  it('a reused refresh token revokes the whole family', async () => {
    const first = await login(t.app, 'manager@demo.local');
    const rotated = (await post(t.app, '/api/token/refresh', { refresh_token: first.refresh_token })).json<{
      result: { token: string; refresh_token: string };
    }>();
    const reuse = await post(t.app, '/api/token/refresh', { refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'refresh_invalid' });
    // The legitimate holder of the newer tokens is signed out as well.
    expect((await post(t.app, '/api/token/refresh', { refresh_token: rotated.result.refresh_token })).statusCode).toBe(401);
    expect((await post(t.app, '/api/session/check', undefined, { token: rotated.result.token })).statusCode).toBe(401);
  });

  it('rejects an unknown refresh token', async () => {
    const res = await post(t.app, '/api/token/refresh', { refresh_token: 'made-up' });
    expect(res.statusCode).toBe(401);
  });
});

describe('authentication of calls', () => {
  it('answers 401 without a token, with a bad one and with an expired one', async () => {
    expect((await post(t.app, '/api/service/me', { version: 250314 })).statusCode).toBe(401);
    expect((await post(t.app, '/api/service/me', { version: 250314 }, { token: 'garbage' })).statusCode).toBe(401);
    const session = await login(t.app, 'viewer@demo.local');
    const claims = JSON.parse(Buffer.from(session.token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(JWT_SECRET));
    const res = await post(t.app, '/api/service/me', { version: 250314 }, { token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your session has expired, please sign in again', code: 'token_expired' });
  });

  it('a session belongs to its user: a token naming another user\'s live session is refused', async () => {
    const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const viewer = claimsOf((await login(t.app, 'viewer@demo.local')).token);
    const admin = claimsOf((await login(t.app, 'admin@demo.local')).token);
    // Signed with the right key (as a leaked secret or a forging bug would allow), the viewer's id with the admin's session.
    const mixed = await new SignJWT({ ...viewer, sid: admin.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(JWT_SECRET));
    const res = await post(t.app, '/api/service/me', { version: 250314 }, { token: mixed });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('logout revokes the session: its access token and refresh token stop working', async () => {
    const session = await login(t.app, 'viewer@demo.local');
    const res = await post(t.app, '/api/logout', { refresh_token: session.refresh_token }, { token: session.token });
    expect(res.statusCode).toBe(200);
    expect((await post(t.app, '/api/session/check', undefined, { token: session.token })).statusCode).toBe(401);
    expect((await post(t.app, '/api/token/refresh', { refresh_token: session.refresh_token })).statusCode).toBe(401);
  });

  it('answers 424 for a company whose registration is unfinished, but lets it log out', async () => {
    const session = await login(t.app, 'agent@demo.local');
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update companies set registration_complete = false where id = (select company_id from users where id = ${session.id})`,
    );
    const res = await post(t.app, '/api/service/me', { version: 250314 }, { token: session.token });
    expect(res.statusCode).toBe(424);
    expect(res.json()).toMatchObject({ code: 'registration_unfinished' });
    expect((await post(t.app, '/api/logout', {}, { token: session.token })).statusCode).toBe(200);
    await t.database.db.execute((await import('drizzle-orm')).sql`update companies set registration_complete = true`);
  });

  it('locks an account after 10 wrong passwords with a localized 429', async () => {
    const statuses: number[] = [];
    let body: unknown;
    for (let i = 0; i < 11; i++) {
      const res = await post(t.app, '/api/login', { email: 'ratelimit@demo.local', password: 'x' }, { lang: 'ru' });
      statuses.push(res.statusCode);
      body = res.json();
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    expect(body).toEqual({ message: expect.stringMatching(/^Слишком много неудачных попыток ввода пароля\. Повторите через \d+ мин\.$/) as string, code: 'too_many_password_attempts' });
  });

  it('limits wrong passwords per address, and a made-up X-Forwarded-For does not buy new attempts', async () => {
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) {
      const res = await post(t.app, '/api/login', { email: `spray${i}@demo.local`, password: 'x' }, { headers: { 'x-forwarded-for': `10.9.9.${i}` } });
      last = res.statusCode;
    }
    expect(last).toBe(429);
    // No proxy is trusted by default: every try above came from the same address.
    const dodge = await post(t.app, '/api/login', { email: 'spray99@demo.local', password: 'x' }, { headers: { 'x-forwarded-for': '10.1.2.3' } });
    expect(dodge.statusCode).toBe(429);
  });
});
