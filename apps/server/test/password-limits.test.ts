import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOldAttempts } from '../src/auth/attempts-repository.js';
import { queryRows } from '../src/db/client.js';
import { DEMO_PASSWORD, createTestApp, login, post, testDatabaseUrl, type TestApp } from './support/test-app.js';

/**
 * Password checks (login, profile/password) are limited per account and per client address, with
 * counters in the database. X-Forwarded-For is trusted here so one test can act from many addresses.
 */
const LIMITS = {
  AUTH_ACCOUNT_MAX_FAILURES: '10',
  AUTH_IP_MAX_FAILURES: '5',
  AUTH_IP_BLOCK_FAILURES: '12',
  TRUST_PROXY: '1',
};

let a: TestApp;
/** A second API process on the same PostgreSQL; on PGlite (one process) the same app. */
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ env: LIMITS });
  b = testDatabaseUrl ? await createTestApp({ env: LIMITS, joinDatabase: true }) : a;
});
afterAll(async () => {
  if (b !== a) await b.close();
  await a.close();
});

let nextIp = 1;
/** A client address no other test used. */
const freshIp = () => `10.20.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

function tryLogin(app: TestApp, email: string, password: string, ip: string, lang: 'ru' | 'en' = 'en') {
  return post(app.app, '/api/login', { email, password }, { lang, headers: { 'x-forwarded-for': ip } });
}

const lockedEn = {
  code: 'too_many_password_attempts',
  message: expect.stringMatching(/^Too many failed password attempts\. Try again in \d+ min\.$/) as string,
};
const lockedRu = {
  code: 'too_many_password_attempts',
  message: expect.stringMatching(
    /^Слишком много неудачных попыток ввода пароля\. Повторите через \d+ мин\.$/,
  ) as string,
};

describe('login limits', () => {
  it('holds an account to 10 checked failures in total, across two API processes and concurrent tries', async () => {
    const email = 'viewer@demo.local';
    // 30 wrong guesses at once, half through each process, each from its own address.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => tryLogin(i % 2 ? b : a, email, 'guess', freshIp())),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(answers.find((r) => r.statusCode === 429)?.json()).toEqual(lockedEn);
  });

  it('a locked account refuses even its right password, from any address, in Russian and English', async () => {
    const email = 'manager@demo.local';
    for (let i = 0; i < 10; i++) expect((await tryLogin(a, email, 'guess', freshIp())).statusCode).toBe(401);
    const en = await tryLogin(b, email, DEMO_PASSWORD, freshIp(), 'en');
    expect(en.statusCode).toBe(429);
    expect(en.json()).toEqual(lockedEn);
    const ru = await tryLogin(a, 'MANAGER@demo.local', DEMO_PASSWORD, freshIp(), 'ru');
    expect(ru.statusCode).toBe(429);
    expect(ru.json()).toEqual(lockedRu);
    // Other accounts are not affected.
    expect((await tryLogin(a, 'agent@demo.local', DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('an unknown e-mail is locked exactly like a real account (nothing tells them apart)', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await tryLogin(a, 'nobody@demo.local', 'guess', freshIp())).statusCode);
    expect(answers).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('a right password resets the account: 9 failures, a success, 9 more failures are still only 401', async () => {
    const email = 'admin@demo.local';
    for (let i = 0; i < 9; i++) expect((await tryLogin(a, email, 'guess', freshIp())).statusCode).toBe(401);
    expect((await tryLogin(b, email, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await tryLogin(a, email, 'guess', freshIp())).statusCode).toBe(401);
    expect((await tryLogin(a, email, DEMO_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('an address past its failure limit gets 429 for wrong passwords, but a right password still signs in', async () => {
    const ip = freshIp();
    // Five failures spread over accounts, so no account is locked.
    for (let i = 0; i < 5; i++)
      expect((await tryLogin(i % 2 ? b : a, `someone${i}@demo.local`, 'guess', ip)).statusCode).toBe(401);
    const wrong = await tryLogin(a, 'someone9@demo.local', 'guess', ip, 'ru');
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json()).toEqual(lockedRu);
    expect((await tryLogin(b, 'agent@demo.local', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    // Another address is not limited.
    expect((await tryLogin(a, 'someone9@demo.local', 'guess', freshIp())).statusCode).toBe(401);
  });

  it('an address far past the limit (AUTH_IP_BLOCK_FAILURES) is refused before any check', async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) await tryLogin(a, `spray${i}@demo.local`, 'guess', ip);
    const right = await tryLogin(b, 'agent@demo.local', DEMO_PASSWORD, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(lockedEn);
  });

  it('only failures count for an address: many sign-ins from one address never reach its limit', async () => {
    const ip = freshIp();
    // More sign-ins than any per-address request limit would allow (the old in-memory one was 20 a minute).
    for (let i = 0; i < 25; i++)
      expect((await tryLogin(a, 'agent@demo.local', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    expect((await tryLogin(a, 'agent@demo.local', 'guess', ip)).statusCode).toBe(401);
  });
});

describe('profile/password limits', () => {
  async function changePassword(app: TestApp, token: string, current: string, lang: 'ru' | 'en' = 'en') {
    return post(
      app.app,
      '/api/profile/password',
      { current_password: current, new_password: 'a-new-password-1' },
      { token, lang, headers: { 'x-forwarded-for': freshIp() } },
    );
  }

  it('counts wrong current passwords against the account, shared with login', async () => {
    const { token } = await login(a.app, 'root@demo.local');
    for (let i = 0; i < 10; i++) expect((await changePassword(i % 2 ? b : a, token, 'guess')).statusCode).toBe(422);
    const en = await changePassword(a, token, DEMO_PASSWORD, 'en');
    expect(en.statusCode).toBe(429);
    expect(en.json()).toEqual(lockedEn);
    const ru = await changePassword(b, token, DEMO_PASSWORD, 'ru');
    expect(ru.json()).toEqual(lockedRu);
    // The same account's sign-in is locked too, whatever the address.
    expect((await tryLogin(a, 'root@demo.local', DEMO_PASSWORD, freshIp())).statusCode).toBe(429);
  });
});

describe('housekeeping', () => {
  it('prunes counters of windows that ended days ago and keeps the current ones', async () => {
    await a.database.db.execute(sql`
      insert into auth_attempts (key, window_start, count)
      values ('ip:10.99.0.1', now() - interval '3 days', 7), ('ip:10.99.0.2', now() - interval '10 minutes', 1)`);
    expect(await purgeOldAttempts(a.database.db)).toBe(1);
    const keys = await queryRows<{ key: string }>(
      a.database.db,
      sql`select key from auth_attempts where key like 'ip:10.99.%'`,
    );
    expect(keys.map((k) => k.key)).toEqual(['ip:10.99.0.2']);
  });
});
