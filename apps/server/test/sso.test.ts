import type { LoginResult } from '@cab/contract/auth';
import type { SsoSettings } from '@cab/contract/sso';
import { startTestIdp, type TestIdp } from '@cab/test-idp';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';

/**
 * Single sign-on with OpenID Connect per company (issue 22.5), against a real provider (npm
 * oidc-provider) started here: the admin's settings (checked at the issuer, secret sealed, a domain
 * to one company), the sign-in that creates the user with the configured role or finds an existing
 * one, and every refusal: a wrong or reused state, an expired code, a domain not allowed, an account
 * of another company, an e-mail the provider did not verify.
 */
const PUBLIC_URL = 'http://127.0.0.1:4999';
const REDIRECT_URI = `${PUBLIC_URL}/login/sso`;
const CLIENT = {
  client_id: 'sim-cabinet',
  client_secret: 'a-client-secret-for-the-test',
  redirect_uris: [REDIRECT_URI],
};

let t: TestApp;
let idp: TestIdp;
let admin = '';

type Answer<T> = { result: T };
const settingsBody = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  issuer: idp.issuer,
  client_id: CLIENT.client_id,
  client_secret: CLIENT.client_secret,
  domains: ['demo-sso.test', 'demo.local'],
  role: 'manager',
  ...extra,
});

/** Starts a sign-in for `typed`, signs `atProvider` in at the provider, and answers where it sent the browser. */
async function throughProvider(typed: string, atProvider = typed) {
  const started = await post(t.app, '/api/login/sso/start', { email: typed });
  expect(started.statusCode, started.body).toBe(200);
  const back = await idp.signIn(started.json<Answer<{ url: string }>>().result.url, atProvider);
  expect(back.origin + back.pathname).toBe(REDIRECT_URI);
  return {
    state: back.searchParams.get('state') ?? '',
    code: back.searchParams.get('code') ?? '',
    iss: back.searchParams.get('iss') ?? undefined,
  };
}
const finish = (body: Record<string, unknown>, lang: 'en' | 'ru' = 'en') =>
  post(t.app, '/api/login/sso/finish', body, { lang });
const usersNamed = (email: string) =>
  queryRows<{ id: number; role: string; company_id: number; first_name: string }>(
    t.database.db,
    sql`select id::int as id, role, company_id::int as company_id, first_name from users where lower(email) = ${email}`,
  );

beforeAll(async () => {
  idp = await startTestIdp({ clients: [CLIENT] });
  t = await createTestApp({ env: { PUBLIC_URL, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
  admin = (await login(t.app, 'admin@demo.local')).token;
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe('single sign-on settings', () => {
  it('answers an empty setting with the redirect URI to register, to admins only', async () => {
    const res = await post(t.app, '/api/company/sso/get', {}, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Answer<SsoSettings>>().result).toMatchObject({
      configured: false,
      enabled: false,
      has_secret: false,
      domains: [],
      redirect_uri: REDIRECT_URI,
    });
    for (const email of ['manager@demo.local', 'viewer@demo.local']) {
      const token = (await login(t.app, email)).token;
      expect((await post(t.app, '/api/company/sso/get', {}, { token })).statusCode).toBe(403);
      expect((await post(t.app, '/api/company/sso/save', settingsBody(), { token })).statusCode).toBe(403);
    }
  });

  it('refuses bad settings and changes nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ domains: ['not a domain'] }, 400, 'validation_failed'],
      [{ domains: [] }, 400, 'validation_failed'],
      [{ issuer: 'ftp://idp.example' }, 400, 'validation_failed'],
      [{ role: 'root' }, 400, 'validation_failed'],
      [{ client_secret: undefined }, 400, 'validation_failed'],
      // Nothing answers there; a private address the operator did not allow is not even tried.
      [{ issuer: 'http://127.0.0.1:1' }, 400, 'sso_issuer_unreachable'],
      [{ issuer: 'https://10.0.0.1' }, 400, 'sso_issuer_unreachable'],
    ];
    for (const [change, status, code] of cases) {
      const res = await post(t.app, '/api/company/sso/save', settingsBody(change), { token: admin });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json<{ code: string }>().code).toBe(code);
    }
    const ru = await post(t.app, '/api/company/sso/save', settingsBody({ issuer: 'http://127.0.0.1:1' }), {
      token: admin,
      lang: 'ru',
    });
    expect(ru.json<{ message: string; fields: Record<string, string> }>()).toMatchObject({
      message: expect.stringContaining('OpenID Connect') as string,
      fields: { issuer: expect.any(String) as string },
    });
    expect((await queryRows(t.database.db, sql`select 1 from company_sso`)).length).toBe(0);
  });

  it('saves a provider it could read, the secret sealed, and audits it', async () => {
    const res = await post(
      t.app,
      '/api/company/sso/save',
      settingsBody({ domains: ['Demo-SSO.test', 'demo.local', 'demo.local'] }),
      { token: admin },
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Answer<SsoSettings>>().result;
    expect(saved).toMatchObject({
      configured: true,
      enabled: true,
      issuer: idp.issuer,
      client_id: CLIENT.client_id,
      has_secret: true,
      domains: ['demo-sso.test', 'demo.local'],
      role: 'manager',
    });
    expect(res.body).not.toContain(CLIENT.client_secret);
    const [row] = await queryRows<{ client_secret_sealed: string }>(
      t.database.db,
      sql`select client_secret_sealed from company_sso`,
    );
    expect(row?.client_secret_sealed).toMatch(/^v1\./);
    expect(row?.client_secret_sealed).not.toContain(CLIENT.client_secret);
    // Saved again without a secret: the kept one stays.
    const again = await post(t.app, '/api/company/sso/save', settingsBody({ client_secret: undefined }), {
      token: admin,
    });
    expect(again.statusCode, again.body).toBe(200);
    const audits = await queryRows<{ details: { secret_changed: boolean } }>(
      t.database.db,
      sql`select details from audit_log where action = 'sso_settings_change' order by id`,
    );
    expect(audits.map((a) => a.details.secret_changed)).toEqual([true, false]);
  });

  it('gives a domain to one company only', async () => {
    const root = (await login(t.app, 'root@demo.local')).token;
    const res = await post(
      t.app,
      '/api/company/sso/save',
      settingsBody({ domains: ['elsewhere.test', 'demo-sso.test'] }),
      { token: root },
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({
      code: 'sso_domain_taken',
      message: expect.stringContaining('demo-sso.test') as string,
    });
    // The whole save was undone: not even the free domain stayed.
    expect(
      (await queryRows(t.database.db, sql`select 1 from company_sso_domains where domain = 'elsewhere.test'`)).length,
    ).toBe(0);
  });
});

describe('signing in with the company account', () => {
  it('creates a user the provider vouches for with the configured role, and finds them next time', async () => {
    const back = await throughProvider('new.person@demo-sso.test');
    const res = await finish(back);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<Answer<LoginResult>>().result;
    const me = await post(t.app, '/api/session/check', {}, { token: session.token });
    expect(me.statusCode, me.body).toBe(200);
    const [created] = await usersNamed('new.person@demo-sso.test');
    expect(created).toMatchObject({ id: session.id, role: 'manager', first_name: 'Test' });
    const [adminRow] = await usersNamed('admin@demo.local');
    expect(created?.company_id).toBe(adminRow?.company_id);
    const audits = await queryRows<{ action: string; details: Record<string, unknown> }>(
      t.database.db,
      sql`select action, details from audit_log where user_id = ${session.id} order by id`,
    );
    expect(audits).toEqual([
      expect.objectContaining({
        action: 'user_create',
        details: expect.objectContaining({ via: 'sso', role: 'manager' }) as unknown,
      }) as unknown,
      expect.objectContaining({ action: 'login', details: { method: 'sso' } }) as unknown,
    ]);

    const next = await finish(await throughProvider('new.person@demo-sso.test'));
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json<Answer<LoginResult>>().result.id).toBe(session.id);
    expect(await usersNamed('new.person@demo-sso.test')).toHaveLength(1);
  });

  it('signs an existing user of the company in as themself, whatever the configured role', async () => {
    const res = await finish(await throughProvider('viewer@demo.local'));
    expect(res.statusCode, res.body).toBe(200);
    const [viewer] = await usersNamed('viewer@demo.local');
    expect(res.json<Answer<LoginResult>>().result.id).toBe(viewer?.id);
    expect(viewer?.role).toBe('viewer');
  });

  it("still asks the cabinet's own second factor of a user who has one", async () => {
    const manager = (await login(t.app, 'manager@demo.local')).token;
    const started = await post(t.app, '/api/profile/2fa/totp/start', {}, { token: manager });
    const { secret } = started.json<Answer<{ secret: string }>>().result;
    const step = Math.floor(Date.now() / 30_000);
    const confirmed = await post(
      t.app,
      '/api/profile/2fa/totp/confirm',
      { code: await generate({ secret, epoch: step * 30 }) },
      { token: manager },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const res = await finish(await throughProvider('manager@demo.local'));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<Answer<{ second_factor?: { challenge: string; enrol: boolean } }>>().result;
    expect(answer).not.toHaveProperty('token');
    expect(answer.second_factor?.enrol).toBe(false);
    // The next time step's code (this one was taken by the enrolment): then the session opens.
    const code = await generate({ secret, epoch: (step + 1) * 30 });
    const opened = await post(t.app, '/api/login/second_factor', { challenge: answer.second_factor?.challenge, code });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<Answer<LoginResult>>().result.token).toBeTruthy();
  });

  it('takes a state once: a wrong one, a reused one, an expired one and nine of ten parallel answers are refused', async () => {
    const wrong = await finish({ state: 'not-a-state-we-sent', code: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ code: string }>().code).toBe('sso_state_invalid');

    const back = await throughProvider('parallel@demo-sso.test');
    const answers = await Promise.all(Array.from({ length: 10 }, () => finish(back)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(400)]);
    expect(await usersNamed('parallel@demo-sso.test')).toHaveLength(1);
    expect((await finish(back)).json<{ code: string }>().code).toBe('sso_state_invalid');

    const late = await throughProvider('late@demo-sso.test');
    await t.database.db.execute(sql`update sso_sign_ins set expires_at = now() - interval '1 second'`);
    const refused = await finish(late, 'ru');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('войдите снова');
  });

  it('refuses an expired code', async () => {
    idp.codeTtlSeconds = 1;
    try {
      const back = await throughProvider('slow@demo-sso.test');
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const res = await finish(back);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('sso_failed');
    } finally {
      idp.codeTtlSeconds = 60;
    }
    expect(await usersNamed('slow@demo-sso.test')).toHaveLength(0);
  });

  it('refuses a domain the company did not allow, an account of another company and an unverified e-mail', async () => {
    const foreign = await finish(await throughProvider('someone@demo-sso.test', 'someone@elsewhere.test'));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<{ code: string; message: string }>()).toMatchObject({
      code: 'sso_domain_not_allowed',
      message: expect.stringContaining('elsewhere.test') as string,
    });
    expect(await usersNamed('someone@elsewhere.test')).toHaveLength(0);
    const [failed] = await queryRows<{ details: Record<string, unknown> }>(
      t.database.db,
      sql`select details from audit_log where action = 'login_failed' order by id desc limit 1`,
    );
    expect(failed?.details).toMatchObject({ method: 'sso', reason: 'domain', email: 'someone@elsewhere.test' });

    const agent = await finish(await throughProvider('agent@demo.local'));
    expect(agent.statusCode).toBe(403);
    expect(agent.json<{ code: string }>().code).toBe('sso_account_elsewhere');

    idp.emailVerified = false;
    try {
      const unverified = await finish(await throughProvider('unverified@demo-sso.test'));
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json<{ code: string }>().code).toBe('sso_email_unverified');
    } finally {
      idp.emailVerified = true;
    }
  });

  it('offers nothing for a domain without a turned-on provider', async () => {
    const unknown = await post(t.app, '/api/login/sso/start', { email: 'a@nobody-configured.test' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ code: string }>().code).toBe('sso_not_available');
    expect(
      (await post(t.app, '/api/company/sso/save', settingsBody({ enabled: false }), { token: admin })).statusCode,
    ).toBe(200);
    expect((await post(t.app, '/api/login/sso/start', { email: 'new.person@demo-sso.test' })).statusCode).toBe(404);
    const removed = await post(t.app, '/api/company/sso/delete', {}, { token: admin });
    expect(removed.json<Answer<SsoSettings>>().result).toMatchObject({ configured: false, domains: [] });
    expect(
      (await queryRows(t.database.db, sql`select 1 from audit_log where action = 'sso_settings_delete'`)).length,
    ).toBe(1);
  });
});
