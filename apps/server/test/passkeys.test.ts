import type { LoginWithFactor } from '@cab/contract/auth';
import type { PasskeyItem } from '@cab/contract/passkeys';
import type { SecondFactorChallenge, SecondFactorStatus } from '@cab/contract/two-factor';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../src/auth/passwords.js';
import { queryRows } from '../src/db/client.js';
import { userByEmail } from './support/db.js';
import { SoftAuthenticator } from './support/soft-authenticator.js';
import { createTestApp, DEMO_PASSWORD, login, post, type TestApp } from './support/test-app.js';

/**
 * Passkeys (issue 22.4): added on the profile, a sign-in without a password (user verified), the
 * second factor after a password, and the rules around them — a ceremony answers once, the origin
 * and the signature are the site's and the passkey's, the last factor a company requires stays,
 * root's reset takes them away. A software authenticator stands in for the browser's.
 */
const ORIGIN = 'https://cabinet.test';
let t: TestApp;

type Options = { options: Record<string, unknown> };
const resultOf = <T>(res: { json: <R>() => R }) => res.json<{ result: T }>().result;

async function startRegistration(token: string): Promise<Record<string, unknown>> {
  const res = await post(t.app, '/api/profile/passkeys/register/start', { password: DEMO_PASSWORD }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<Options>(res).options;
}

/** Adds a passkey of a new credential on the authenticator; answers the listed item. */
async function addPasskey(token: string, authenticator: SoftAuthenticator, name = 'Laptop'): Promise<PasskeyItem> {
  const options = await startRegistration(token);
  const res = await post(
    t.app,
    '/api/profile/passkeys/register/finish',
    { name, response: authenticator.register(options) },
    { token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<PasskeyItem>(res);
}

async function signInOptions(): Promise<Record<string, unknown>> {
  const res = await post(t.app, '/api/login/passkey/start', {});
  expect(res.statusCode, res.body).toBe(200);
  return resultOf<Options>(res).options;
}

async function passwordChallenge(email: string): Promise<SecondFactorChallenge['second_factor']> {
  const res = await post(t.app, '/api/login', { email, password: DEMO_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  const answer = resultOf<SecondFactorChallenge | { token: string }>(res);
  if (!('second_factor' in answer)) throw new Error(`no second factor asked of ${email}`);
  return answer.second_factor;
}

const lastAudit = async (action: string, userId: number) =>
  (
    await queryRows<{ details: Record<string, unknown> | null }>(
      t.database.db,
      sql`
    select details from audit_log where action = ${action} and user_id = ${userId} order by id desc limit 1`,
    )
  )[0];

beforeAll(async () => {
  t = await createTestApp({ env: { PASSKEY_ORIGIN: ORIGIN } });
});
afterAll(async () => {
  await t?.close();
});

describe('passkeys', () => {
  const phone = new SoftAuthenticator(ORIGIN);

  it('are added on the profile for this site, verified users only, listed, and a ceremony answers once', async () => {
    const { token } = await login(t.app, 'manager@demo.local');
    const manager = await userByEmail(t.database.db, 'manager@demo.local');
    const options = await startRegistration(token);
    expect(options).toMatchObject({
      rp: { id: 'cabinet.test', name: 'SIM Cabinet' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const response = phone.register(options);
    const added = await post(
      t.app,
      '/api/profile/passkeys/register/finish',
      { name: '  Work laptop ', response },
      { token },
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(resultOf<PasskeyItem>(added)).toMatchObject({ name: 'Work laptop', last_used: null });
    // The same answer again: its ceremony is over.
    const again = await post(t.app, '/api/profile/passkeys/register/finish', { name: 'Again', response }, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ code: string }>().code).toBe('passkey_ceremony_expired');
    // The same credential in a new ceremony (a browser that ignored the exclusion list): kept once.
    const next = await startRegistration(token);
    expect(next.excludeCredentials).toEqual([{ id: response.id, type: 'public-key', transports: ['internal'] }]);
    const twice = await post(
      t.app,
      '/api/profile/passkeys/register/finish',
      { name: 'Twice', response: phone.registrationOf(phone.credentials[0]!, String(next.challenge)) },
      { token },
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ code: string }>().code).toBe('passkey_exists');

    const list = resultOf<{ items: PasskeyItem[] }>(await post(t.app, '/api/profile/passkeys/list', {}, { token }));
    expect(list.items.map((item) => item.name)).toEqual(['Work laptop']);
    expect(resultOf<SecondFactorStatus>(await post(t.app, '/api/profile/2fa/status', {}, { token }))).toMatchObject({
      totp: false,
      passkeys: 1,
    });
    expect(await lastAudit('passkey_add', manager.id)).toMatchObject({ details: { name: 'Work laptop' } });
    // The user is told, by mail, in their language (a passkey signs in alone: none may go unseen).
    const mails = await queryRows<{ subject: string; text: string }>(
      t.database.db,
      sql`select subject, text from outbox_mail where "to" = 'manager@demo.local' order by id`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('«Work laptop»');

    // An authenticator that does not verify its user, another site's origin: refused, nothing kept.
    const unverified = await post(
      t.app,
      '/api/profile/passkeys/register/finish',
      {
        name: 'No PIN',
        response: new SoftAuthenticator(ORIGIN, { userVerified: false }).register(await startRegistration(token)),
      },
      { token },
    );
    expect(unverified.statusCode).toBe(401);
    const phished = await post(
      t.app,
      '/api/profile/passkeys/register/finish',
      {
        name: 'Elsewhere',
        response: new SoftAuthenticator('https://cabinet.test.evil.example').register(await startRegistration(token)),
      },
      { token },
    );
    expect(phished.statusCode).toBe(401);
    expect(
      resultOf<{ items: PasskeyItem[] }>(await post(t.app, '/api/profile/passkeys/list', {}, { token })).items,
    ).toHaveLength(1);
  });

  it('sign in without a password: ten parallel answers of one ceremony open one session', async () => {
    const manager = await userByEmail(t.database.db, 'manager@demo.local');
    const assertion = phone.assert(await signInOptions());
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(t.app, '/api/login/passkey/finish', { response: assertion })),
    );
    const opened = answers.filter((res) => res.statusCode === 200);
    expect(opened).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode !== 200).every((res) => [400, 401].includes(res.statusCode))).toBe(
      true,
    );
    const session = resultOf<{ token: string; id: number }>(opened[0]!);
    expect(session.id).toBe(manager.id);
    expect((await post(t.app, '/api/session/check', {}, { token: session.token })).statusCode).toBe(200);
    expect(await lastAudit('login', manager.id)).toMatchObject({ details: { method: 'passkey' } });
    const [row] = await queryRows<{ used: boolean; counter: number }>(
      t.database.db,
      sql`select last_used_at is not null as used, counter::int as counter from user_passkeys where user_id = ${manager.id}`,
    );
    expect(row).toEqual({ used: true, counter: 1 });

    // A signature that does not match, an unverified user, a passkey nobody has: refused.
    const tampered = phone.assert(await signInOptions());
    tampered.response.signature = phone.assert(await signInOptions()).response.signature;
    expect((await post(t.app, '/api/login/passkey/finish', { response: tampered })).statusCode).toBe(401);
    const noPin = new SoftAuthenticator(ORIGIN, { userVerified: false });
    noPin.credentials.push(...phone.credentials);
    const unverified = await post(
      t.app,
      '/api/login/passkey/finish',
      { response: noPin.assert(await signInOptions()) },
      { lang: 'ru' },
    );
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json<{ message: string }>().message).toBe('Ключ входа не подошёл');
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.register({ challenge: 'x' });
    expect(
      (await post(t.app, '/api/login/passkey/finish', { response: stranger.assert(await signInOptions()) })).statusCode,
    ).toBe(401);
    // A replayed older signature (its counter behind the kept one), as a cloned key would send.
    const clone = new SoftAuthenticator(ORIGIN);
    clone.credentials.push({ ...phone.credentials[0]!, counter: 0 });
    expect(
      (await post(t.app, '/api/login/passkey/finish', { response: clone.assert(await signInOptions()) })).statusCode,
    ).toBe(401);
  });

  it('answer the second factor after a password, once, with the user’s own passkey only', async () => {
    const asked = await passwordChallenge('manager@demo.local');
    expect(asked).toMatchObject({ enrol: false, totp: false, passkey: true });
    // A code cannot answer: there is no app.
    const code = await post(t.app, '/api/login/second_factor', { challenge: asked.challenge, code: '123456' });
    expect(code.json<{ code: string }>().code).toBe('second_factor_not_enrolled');
    expect((await post(t.app, '/api/login/second_factor/enrol', { challenge: asked.challenge })).statusCode).toBe(409);

    const started = await post(t.app, '/api/login/second_factor/passkey/start', { challenge: asked.challenge });
    expect(started.statusCode, started.body).toBe(200);
    const options = resultOf<Options>(started).options;
    expect(options.allowCredentials).toEqual([
      { id: phone.credentials[0]!.id.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);

    // Another user's passkey does not answer the manager's challenge.
    const viewer = await login(t.app, 'viewer@demo.local');
    const viewersKey = new SoftAuthenticator(ORIGIN);
    await addPasskey(viewer.token, viewersKey, 'Viewer key');
    const foreign = await post(t.app, '/api/login/second_factor/passkey', {
      challenge: asked.challenge,
      response: viewersKey.assert(options),
    });
    expect(foreign.statusCode).toBe(401);

    const answer = phone.assert(options);
    const done = await post(t.app, '/api/login/second_factor/passkey', {
      challenge: asked.challenge,
      response: answer,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(resultOf<LoginWithFactor>(done).recovery_codes).toBeUndefined();
    expect(await lastAudit('login', (await userByEmail(t.database.db, 'manager@demo.local')).id)).toMatchObject({
      details: { second_factor: 'passkey' },
    });
    expect(
      (await post(t.app, '/api/login/second_factor/passkey', { challenge: asked.challenge, response: answer }))
        .statusCode,
    ).toBe(401);
  });

  it('count for a company that requires a second factor; the last one stays; root’s reset takes them away', async () => {
    const admin = (await login(t.app, 'admin@demo.local')).token;
    const adminUser = await userByEmail(t.database.db, 'admin@demo.local');
    const adminKey = new SoftAuthenticator(ORIGIN);
    const only = await addPasskey(admin, adminKey, 'Admin key');
    const required = await post(
      t.app,
      '/api/company/update',
      { id: adminUser.companyId, require_second_factor: true },
      { token: admin },
    );
    expect(required.statusCode, required.body).toBe(200);
    // The admin's session stays (a passkey is a factor); the last passkey cannot go.
    const removeLast = await post(t.app, '/api/profile/passkeys/delete', { id: only.id }, { token: admin });
    expect(removeLast.statusCode).toBe(409);
    expect(removeLast.json<{ code: string }>().code).toBe('second_factor_required_by_company');
    // With a second one, either may go — but not both, even asked at once (two tabs).
    const spare = await addPasskey(admin, adminKey, 'Spare key');
    const both = await Promise.all(
      [only.id, spare.id].map((id) => post(t.app, '/api/profile/passkeys/delete', { id }, { token: admin })),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(
      resultOf<{ items: PasskeyItem[] }>(await post(t.app, '/api/profile/passkeys/list', {}, { token: admin })).items,
    ).toHaveLength(1);
    expect(await lastAudit('passkey_delete', adminUser.id)).toBeDefined();
    // Another user's passkey is not one's own to remove.
    const managerKeys = await queryRows<{ id: number }>(
      t.database.db,
      sql`select p.id::int as id from user_passkeys p join users u on u.id = p.user_id where u.email = 'manager@demo.local'`,
    );
    expect(
      (await post(t.app, '/api/profile/passkeys/delete', { id: managerKeys[0]!.id }, { token: admin })).statusCode,
    ).toBe(404);

    // Root resets the manager's factors (a lost phone): the passkey goes, audited.
    const root = (await login(t.app, 'root@demo.local')).token;
    const manager = await userByEmail(t.database.db, 'manager@demo.local');
    expect((await post(t.app, '/api/companies/users/reset_2fa', { id: manager.id }, { token: root })).statusCode).toBe(
      200,
    );
    expect(await queryRows(t.database.db, sql`select 1 from user_passkeys where user_id = ${manager.id}`)).toHaveLength(
      0,
    );
    // Now the manager, like anyone without a factor in this company, enrols one at sign-in.
    expect(await passwordChallenge('manager@demo.local')).toMatchObject({ enrol: true, totp: false, passkey: false });
    // …and may enrol a passkey there instead of the app: the session opens once, no recovery codes.
    const asked = await passwordChallenge('manager@demo.local');
    const enrolStart = await post(t.app, '/api/login/second_factor/enrol/passkey/start', {
      challenge: asked.challenge,
    });
    expect(enrolStart.statusCode, enrolStart.body).toBe(200);
    const newKey = new SoftAuthenticator(ORIGIN);
    const enrolBody = {
      challenge: asked.challenge,
      name: 'New phone',
      response: newKey.register(resultOf<Options>(enrolStart).options),
    };
    const enrolled = await Promise.all(
      [1, 2, 3].map(() => post(t.app, '/api/login/second_factor/enrol/passkey', enrolBody)),
    );
    expect(enrolled.map((res) => res.statusCode).sort()).toEqual([200, 400, 400]);
    const session = resultOf<LoginWithFactor>(enrolled.find((res) => res.statusCode === 200)!);
    expect(session.recovery_codes).toBeUndefined();
    expect((await post(t.app, '/api/session/check', {}, { token: session.token })).statusCode).toBe(200);
    expect(await passwordChallenge('manager@demo.local')).toMatchObject({ enrol: false, totp: false, passkey: true });
    // With a factor now, the enrolment is not offered again.
    const again = await passwordChallenge('manager@demo.local');
    expect(
      (await post(t.app, '/api/login/second_factor/enrol/passkey/start', { challenge: again.challenge })).statusCode,
    ).toBe(409);
    await t.database.db.execute(
      sql`update companies set require_second_factor = false where id = ${adminUser.companyId}`,
    );
  });

  it('are added only with proof beyond the session: the password, or a fresh sign-in without one; never by the operator acting as the user', async () => {
    const { token } = await login(t.app, 'agent@demo.local');
    const start = (body: object, as = token) =>
      post(t.app, '/api/profile/passkeys/register/start', body, { token: as });
    const missing = await start({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Record<string, string> }>().fields).toHaveProperty('password');
    const wrong = await start({ password: 'not the password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ code: string }>().code).toBe('wrong_password');
    expect((await start({ password: DEMO_PASSWORD })).statusCode).toBe(200);

    // Root acting as the user: refused, whatever the password.
    const root = (await login(t.app, 'root@demo.local')).token;
    const agent = await userByEmail(t.database.db, 'agent@demo.local');
    const borrowed = resultOf<{ token: string }>(
      await post(t.app, '/api/users/impersonate', { id: agent.id }, { token: root }),
    ).token;
    expect((await start({ password: DEMO_PASSWORD }, borrowed)).statusCode).toBe(403);

    // A user single sign-on created has no password: a sign-in of the last ten minutes stands for it.
    await t.database.db.execute(sql`update users set password_hash = ${UNUSABLE_PASSWORD_HASH} where id = ${agent.id}`);
    expect((await start({})).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update refresh_tokens set created_at = now() - interval '11 minutes' where user_id = ${agent.id}`,
    );
    const stale = await post(t.app, '/api/profile/passkeys/register/start', {}, { token, lang: 'ru' });
    expect(stale.statusCode).toBe(403);
    const refusal = stale.json<{ code: string; message: string }>();
    expect(refusal.code).toBe('passkey_sign_in_again');
    expect(refusal.message).toContain('войдите снова');
    await t.database.db.execute(
      sql`update users set password_hash = ${await hashPassword(DEMO_PASSWORD)} where id = ${agent.id}`,
    );
  });

  it('ten parallel answers of one adding ceremony add one passkey, with one mail and one audit row', async () => {
    const manager = await userByEmail(t.database.db, 'manager@demo.local');
    const email = 'double-click@demo.local';
    await t.database.db.execute(sql`
      insert into users (company_id, email, password_hash, first_name, last_name, role)
      values (${manager.companyId}, ${email}, ${await hashPassword(DEMO_PASSWORD)}, 'Double', 'Click', 'manager')`);
    const { token } = await login(t.app, email);
    const user = await userByEmail(t.database.db, email);
    const response = new SoftAuthenticator(ORIGIN).register(await startRegistration(token));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(t.app, '/api/profile/passkeys/register/finish', { name: `Key ${i}`, response }, { token })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200), answers.map((answer) => answer.body).join('\n')).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.json<{ code: string }>().code)).toEqual(
      Array.from({ length: 9 }, () => 'passkey_ceremony_expired'),
    );
    const count = async (table: 'user_passkeys' | 'outbox_mail' | 'audit_log', where: ReturnType<typeof sql>) =>
      Number((await queryRows<{ n: string }>(t.database.db, sql`select count(*) as n from ${sql.identifier(table)} where ${where}`))[0]?.n);
    expect(await count('user_passkeys', sql`user_id = ${user.id}`)).toBe(1);
    expect(await count('outbox_mail', sql`"to" = ${email}`)).toBe(1);
    expect(await count('audit_log', sql`action = 'passkey_add' and user_id = ${user.id}`)).toBe(1);
  });

  it('validate every field before anything happens', async () => {
    const { token } = await login(t.app, 'agent@demo.local');
    const options = await startRegistration(token);
    const response = new SoftAuthenticator(ORIGIN).register(options);
    for (const body of [
      { name: '', response },
      { name: 'x'.repeat(61), response },
      { name: 'Key', response: { ...response, id: 'not base64url!' } },
      { name: 'Key', response: { ...response, type: 'password' } },
      { name: 'Key', response, extra: 1 },
    ]) {
      const res = await post(t.app, '/api/profile/passkeys/register/finish', body, { token, lang: 'ru' });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('validation_failed');
    }
    // Nothing was kept, and the ceremony still waits for its right answer.
    const good = await post(t.app, '/api/profile/passkeys/register/finish', { name: 'Key', response }, { token });
    expect(good.statusCode, good.body).toBe(200);
  });
});
