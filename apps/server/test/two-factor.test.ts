import type { LoginWithFactor } from '@cab/contract/auth';
import type { SecondFactorStatus, TotpStartResult } from '@cab/contract/two-factor';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { userByEmail } from './support/db.js';
import { createTestApp, DEMO_PASSWORD, login, post, type TestApp } from './support/test-app.js';

/**
 * Two-factor sign-in with an authenticator app (issue 22.4): enrolment with its first code and ten
 * recovery codes, sign-in in two steps (a code is good once; a recovery code too), the limits on
 * wrong codes, turning it off, a company that requires it (its users enrol at their next sign-in),
 * and root's reset. API tokens are not sign-ins and are unaffected.
 */
let t: TestApp;
const PERIOD_MS = 30_000;

type Challenge = { second_factor: { challenge: string; expires: number; enrol: boolean } };
const signIn = async (email: string) => {
  const res = await post(t.app, '/api/login', { email, password: DEMO_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: Challenge | { token: string } }>().result;
};
const answer = (challenge: string, code: string, lang: 'en' | 'ru' = 'en') => post(t.app, '/api/login/second_factor', { challenge, code }, { lang });
const codeAt = (secret: string, ms = Date.now()) => generate({ secret, epoch: Math.floor(ms / 1000) });

/** Enrols the user's app through the profile; answers its secret and recovery codes. */
async function enrol(token: string): Promise<{ secret: string; recovery: string[] }> {
  const started = await post(t.app, '/api/profile/2fa/totp/start', {}, { token });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, uri, qr_svg } = started.json<{ result: TotpStartResult }>().result;
  expect(uri).toMatch(/^otpauth:\/\/totp\/SIM%20Cabinet:/);
  expect(qr_svg).toContain('<svg');
  const confirmed = await post(t.app, '/api/profile/2fa/totp/confirm', { code: await codeAt(secret) }, { token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recovery: confirmed.json<{ result: { codes: string[] } }>().result.codes };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('two-factor sign-in', () => {
  let secret = '';
  let recovery: string[] = [];

  it('enrols an app with its first code and gives ten recovery codes once', async () => {
    const viewer = (await login(t.app, 'viewer@demo.local')).token;
    const wrong = await post(t.app, '/api/profile/2fa/totp/start', {}, { token: viewer });
    const pending = wrong.json<{ result: TotpStartResult }>().result;
    // A wrong first code leaves it off.
    const refused = await post(t.app, '/api/profile/2fa/totp/confirm', { code: (Number(await codeAt(pending.secret)) ^ 1).toString().padStart(6, '0') }, { token: viewer });
    expect(refused.statusCode).toBe(400);
    expect((await post(t.app, '/api/profile/2fa/status', {}, { token: viewer })).json<{ result: SecondFactorStatus }>().result).toMatchObject({ totp: false });

    ({ secret, recovery } = await enrol(viewer));
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect(recovery[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = (await post(t.app, '/api/profile/2fa/status', {}, { token: viewer })).json<{ result: SecondFactorStatus }>().result;
    expect(status).toEqual({ totp: true, recovery_left: 10, passkeys: 0, required: false });
    // The secret is sealed at rest, never stored as it is.
    const [row] = await queryRows<{ secret_sealed: string }>(t.database.db, sql`select secret_sealed from user_totp t join users u on u.id = t.user_id where u.email = 'viewer@demo.local'`);
    expect(row?.secret_sealed).not.toContain(secret);
    // A second enrolment is refused while one is on.
    expect((await post(t.app, '/api/profile/2fa/totp/start', {}, { token: viewer })).statusCode).toBe(409);
  });

  it('signs in in two steps: the password gives a challenge, a code the session — and a code is good once', async () => {
    const first = await signIn('viewer@demo.local');
    expect(first).toMatchObject({ second_factor: { enrol: false } });
    if (!('second_factor' in first)) throw new Error('no challenge');
    // Enrolment took this step's code: the next step's counts (a phone's clock ahead by up to a step).
    const code = await codeAt(secret, Date.now() + PERIOD_MS);
    const done = await answer(first.second_factor.challenge, code);
    expect(done.statusCode, done.body).toBe(200);
    const session = done.json<{ result: LoginWithFactor }>().result;
    expect(session.token).toBeTruthy();
    expect(session.recovery_codes).toBeUndefined();
    expect((await post(t.app, '/api/session/check', {}, { token: session.token })).statusCode).toBe(200);

    // The same challenge again, and the same code with a new challenge: both refused.
    expect((await answer(first.second_factor.challenge, code)).statusCode).toBe(401);
    const second = await signIn('viewer@demo.local');
    if (!('second_factor' in second)) throw new Error('no challenge');
    const replay = await answer(second.second_factor.challenge, code, 'ru');
    expect(replay.statusCode).toBe(400);
    expect(replay.json<{ message: string }>().message).toBe('Неверный код');

    const audit = await queryRows<{ details: { second_factor?: string } }>(t.database.db, sql`
      select details from audit_log where action = 'login' and user_id = ${(await userByEmail(t.database.db, 'viewer@demo.local')).id} order by id desc limit 1`);
    expect(audit[0]?.details.second_factor).toBe('totp');
  });

  it('takes a recovery code once, typed with or without its dash, in any case', async () => {
    const [code = ''] = recovery;
    const first = await signIn('viewer@demo.local');
    if (!('second_factor' in first)) throw new Error('no challenge');
    const done = await answer(first.second_factor.challenge, code.toUpperCase().replace('-', ''));
    expect(done.statusCode, done.body).toBe(200);
    const again = await signIn('viewer@demo.local');
    if (!('second_factor' in again)) throw new Error('no challenge');
    expect((await answer(again.second_factor.challenge, code)).statusCode).toBe(400);
    const token = done.json<{ result: LoginWithFactor }>().result.token;
    expect((await post(t.app, '/api/profile/2fa/status', {}, { token })).json<{ result: SecondFactorStatus }>().result.recovery_left).toBe(9);
  });

  it('ten parallel answers with one good code open one session', async () => {
    const challenges = await Promise.all(Array.from({ length: 10 }, () => signIn('viewer@demo.local')));
    const code = recovery[1] ?? '';
    const answers = await Promise.all(challenges.map((c) => ('second_factor' in c ? answer(c.second_factor.challenge, code) : Promise.reject(new Error('no challenge')))));
    expect(answers.filter((a) => a.statusCode === 200), answers.map((a) => `${a.statusCode} ${a.body.slice(0, 80)}`).join('\n')).toHaveLength(1);
  });

  it('refuses a made-up or expired challenge, and wrong codes past the password limits', async () => {
    expect((await answer('made-up-challenge', '123456')).statusCode).toBe(401);
    const first = await signIn('viewer@demo.local');
    if (!('second_factor' in first)) throw new Error('no challenge');
    await t.database.db.execute(sql`update second_factor_challenges set expires_at = now() - interval '1 second'`);
    expect((await answer(first.second_factor.challenge, await codeAt(secret))).statusCode).toBe(401);

    const fresh = await signIn('viewer@demo.local');
    if (!('second_factor' in fresh)) throw new Error('no challenge');
    // Counted from none: the earlier tests' refused codes were counted on the same account.
    await t.database.db.execute(sql`delete from auth_attempts`);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await answer(fresh.second_factor.challenge, '000000')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await t.database.db.execute(sql`delete from auth_attempts`);
  });

  it('turns off with a code, and root resets a user’s factors, audited in both companies', async () => {
    expect(await signIn('viewer@demo.local')).toHaveProperty('second_factor');
    const root = (await login(t.app, 'root@demo.local')).token;
    const viewerUser = await userByEmail(t.database.db, 'viewer@demo.local');
    expect((await post(t.app, '/api/companies/users/reset_2fa', { id: viewerUser.id }, { token: root })).statusCode).toBe(200);
    expect((await post(t.app, '/api/companies/users/reset_2fa', { id: viewerUser.id }, { token: root })).statusCode).toBe(409);
    const rows = await queryRows<{ company_id: number }>(t.database.db, sql`select company_id::int as company_id from audit_log where action = 'second_factor_reset' order by id`);
    expect(rows.map((row) => row.company_id)).toContain(viewerUser.companyId);
    expect(rows).toHaveLength(2);
    // Signs in with the password alone again; an admin's reset is refused.
    const token = (await login(t.app, 'viewer@demo.local')).token;
    const admin = (await login(t.app, 'admin@demo.local')).token;
    expect((await post(t.app, '/api/companies/users/reset_2fa', { id: viewerUser.id }, { token: admin })).statusCode).toBe(403);

    const { secret: again } = await enrol(token);
    const off = await post(t.app, '/api/profile/2fa/disable', { code: await codeAt(again, Date.now() + PERIOD_MS) }, { token });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ result: SecondFactorStatus }>().result).toMatchObject({ totp: false, recovery_left: 0 });
    expect('token' in (await signIn('viewer@demo.local'))).toBe(true);
  });

  it('a company that requires it: its admin enrols first, users without one are signed out and enrol at their next sign-in', async () => {
    const admin = (await login(t.app, 'admin@demo.local')).token;
    const demo = (await userByEmail(t.database.db, 'admin@demo.local')).companyId;
    const managerSession = (await login(t.app, 'manager@demo.local')).token;
    const refused = await post(t.app, '/api/company/update', { id: demo, require_second_factor: true }, { token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('second_factor_enrol_first');

    const { secret: adminSecret } = await enrol(admin);
    const required = await post(t.app, '/api/company/update', { id: demo, require_second_factor: true }, { token: admin });
    expect(required.statusCode, required.body).toBe(200);
    expect(required.json<{ result: { require_second_factor: boolean } }>().result.require_second_factor).toBe(true);
    // The manager's session ended; the admin's (who has a factor) did not.
    await expect.poll(async () => (await post(t.app, '/api/session/check', {}, { token: managerSession })).statusCode).toBe(401);
    expect((await post(t.app, '/api/session/check', {}, { token: admin })).statusCode).toBe(200);

    const asked = await signIn('manager@demo.local');
    expect(asked).toMatchObject({ second_factor: { enrol: true } });
    if (!('second_factor' in asked)) throw new Error('no challenge');
    const app = await post(t.app, '/api/login/second_factor/enrol', { challenge: asked.second_factor.challenge });
    expect(app.statusCode, app.body).toBe(200);
    const { secret } = app.json<{ result: TotpStartResult }>().result;
    const done = await answer(asked.second_factor.challenge, await codeAt(secret));
    expect(done.statusCode, done.body).toBe(200);
    const session = done.json<{ result: LoginWithFactor }>().result;
    expect(session.recovery_codes).toHaveLength(10);
    // It cannot be turned off while the company requires it.
    const off = await post(t.app, '/api/profile/2fa/disable', { code: session.recovery_codes?.[0] }, { token: session.token });
    expect(off.json<{ code: string }>().code).toBe('second_factor_required_by_company');
    // An API token is no sign-in: unaffected.
    const created = await post(t.app, '/api/tokens/create', { name: '2fa token' }, { token: admin });
    const tokenSecret = created.json<{ result: { secret: string } }>().result.secret;
    expect((await post(t.app, '/api/sims/list', { page: 0, size: 1 }, { token: tokenSecret })).statusCode).toBe(200);
    void adminSecret;
    await t.database.db.execute(sql`update companies set require_second_factor = false where id = ${demo}`);
  });

  it('validates every field before anything happens', async () => {
    for (const body of [{ challenge: '', code: '123456' }, { challenge: 'x', code: '12345' }, { challenge: 'x', code: 'a'.repeat(30) }, { challenge: 'x'.repeat(201), code: '123456' }, { challenge: 'x', code: '123456', extra: 1 }]) {
      expect((await post(t.app, '/api/login/second_factor', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
