import { ErrorBody } from '@cab/contract/errors';
import { REGISTRATION_COMPANY_CHECKS_MAX } from '@cab/contract/registration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationClient } from './support/registration.js';
import { mailBody, SmtpSink } from './support/smtp-sink.js';
import { refuseInserts } from './support/db.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { waitForValue } from './support/wait.js';

/*
 * Registration tells no one which e-mails and tax numbers are registered: Welcome answers alike
 * (the mail says the rest), and the Company step's company check is capped per registration.
 */

let smtp: SmtpSink;
let t: TestApp;
let newEmail: () => string;
let start: ReturnType<typeof registrationClient>['start'];
let mailedToken: (email: string) => Promise<string>;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://cabinet.example.test/' } });
  ({ newEmail, start, mailedToken } = registrationClient(t, smtp));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('registration without enumeration', () => {
  it('answers a registered e-mail exactly like a new one, and tells only its owner', async () => {
    const fresh = newEmail();
    const known = await post(t.app, '/api/register/start', { email: 'ADMIN@demo.local', password: 'secret-pass-1' }, { lang: 'ru' });
    const unknown = await post(t.app, '/api/register/start', { email: fresh, password: 'secret-pass-1' }, { lang: 'ru' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(known.json()).toEqual({ result: { ok: true } });
    const notice = await waitForValue(() => smtp.received.findLast((m) => m.to.includes('admin@demo.local')));
    const text = mailBody(notice.raw);
    expect(text).toContain('Кто-то пытался зарегистрироваться');
    expect(text).toContain('https://cabinet.example.test/forgot');
    expect(text).not.toContain('token=');
    expect(await mailedToken(fresh)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // The owner's password and account are untouched.
    expect((await post(t.app, '/api/login', { email: 'admin@demo.local', password: 'secret-pass-1' })).statusCode).toBe(401);
  });

  it('awaits the same work for a registered and a new e-mail: what follows the answer cannot show in it', async () => {
    // Storing a new registration fails; the answer must not wait for (or show) that.
    const restore = await refuseInserts(t.database.db, 'registration_requests');
    try {
      const unknown = await post(t.app, '/api/register/start', { email: newEmail(), password: 'secret-pass-1' });
      const known = await post(t.app, '/api/register/start', { email: 'viewer@demo.local', password: 'secret-pass-1' });
      expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    } finally {
      await restore();
    }
  });

  it('opens a link once, and names the e-mail taken only to the mailbox that got the link', async () => {
    const email = newEmail();
    const first = await post(t.app, '/api/register/start', { email, password: 'secret-pass-1' });
    expect(first.statusCode).toBe(200);
    const token = await mailedToken(email);
    const again = await post(t.app, '/api/register/start', { email, password: 'secret-pass-2' });
    expect(again.statusCode).toBe(200);
    const second = await waitForValue(async () => {
      const latest = await mailedToken(email);
      return latest !== token ? latest : undefined;
    });
    expect((await post(t.app, '/api/register/confirm', { token })).statusCode).toBe(200);
    expect((await post(t.app, '/api/register/confirm', { token })).json<ErrorBody>().code).toBe('reset_link_invalid');
    const taken = await post(t.app, '/api/register/confirm', { token: second });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorBody>().code).toBe('email_taken');
    expect((await post(t.app, '/api/register/confirm', { token: 'no-such-link' })).statusCode).toBe(400);
  });

  it('checks at most REGISTRATION_COMPANY_CHECKS_MAX tax numbers per registration, and names no company', async () => {
    const holder = await start();
    expect((await post(t.app, '/api/registration/company', { unique_id: 'HELD-4242' }, { token: holder.token })).statusCode).toBe(200);
    const prober = await start();
    const save = (uniqueId: string) => post(t.app, '/api/registration/company', { unique_id: uniqueId }, { token: prober.token });
    const taken = await save('HELD-4242');
    expect(taken.statusCode).toBe(409);
    expect(Object.keys(taken.json<ErrorBody>()).sort()).toEqual(['code', 'message']);
    expect(taken.body).not.toContain(holder.email);
    expect((await save('FREE-0001')).statusCode).toBe(200);
    // Saving the number it holds again checks nothing.
    expect((await save('FREE-0001')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 2; i <= REGISTRATION_COMPANY_CHECKS_MAX + 1; i += 1) statuses.push((await save(`FREE-${String(i).padStart(4, '0')}`)).statusCode);
    expect(statuses.slice(0, REGISTRATION_COMPANY_CHECKS_MAX - 2)).toEqual(Array(REGISTRATION_COMPANY_CHECKS_MAX - 2).fill(200));
    const capped = await save('HELD-4242');
    expect(capped.statusCode).toBe(429);
    expect(capped.json<ErrorBody>().code).toBe('rate_limited');
    expect(statuses.at(-1)).toBe(429);
    // Its own number stays saved and the wizard goes on.
    const status = await post(t.app, '/api/registration/status', {}, { token: prober.token });
    expect(status.json<{ result: { unique_id: string } }>().result.unique_id).toBe(`FREE-${String(REGISTRATION_COMPANY_CHECKS_MAX - 1).padStart(4, '0')}`);
  });

  it('tells a finished company only that it is finished, never whether a number is taken', async () => {
    const admin = await login(t.app, 'admin@demo.local');
    const holder = await start();
    await post(t.app, '/api/registration/company', { unique_id: 'HELD-5151' }, { token: holder.token });
    for (const uniqueId of ['HELD-5151', 'FREE-5151']) {
      const res = await post(t.app, '/api/registration/company', { unique_id: uniqueId }, { token: admin.token });
      expect(res.json<ErrorBody>().code).toBe('registration_already_complete');
    }
  });

});
