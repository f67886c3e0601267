import { ErrorBody } from '@cab/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { mailBody, SmtpSink } from './support/smtp-sink.js';
import { waitForValue } from './support/wait.js';
import { registrationClient } from './support/registration.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';


let smtp: SmtpSink;
let t: TestApp;

let start: ReturnType<typeof registrationClient>['start'];

beforeAll(async () => {
  smtp = await SmtpSink.start();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://cabinet.example.test/' } });
  ({ start } = registrationClient(t, smtp));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});



/** The code the telephony simulator "showed" for a phone: the last 4 digits of its latest number. */
async function simulatedCode(phone: string): Promise<string> {
  const rows = await queryRows<{ number: string }>(
    t.database.db,
    sql`select number from telephony_simulator_calls where phone = ${phone} order by id desc limit 1`,
  );
  const number = rows[0]?.number;
  if (!number) throw new Error(`no simulated call to ${phone}`);
  return number.slice(-4);
}

const wrongCode = (code: string) => String((Number(code) + 1) % 10000).padStart(4, '0');

async function fillAllSteps(token: string, uniqueId: string, phone: string) {
  const steps: [string, unknown][] = [
    ['/api/registration/jurisdiction', { country: 'DE' }],
    ['/api/registration/company_type', { company_type: 'legal_entity' }],
    ['/api/registration/company', { unique_id: uniqueId }],
    ['/api/registration/administrator', { client_name: 'Acme IoT GmbH', firstName: 'Anna', lastName: 'Berg' }],
    ['/api/registration/phone/call', { phone, direction: 'outgoing' }],
  ];
  for (const [url, body] of steps) {
    const response = await post(t.app, url, body, { token });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  }
  const verify = await post(t.app, '/api/registration/phone/verify', { code: await simulatedCode(phone) }, { token });
  expect(verify.statusCode, verify.body).toBe(200);
}

describe('registration', () => {
  it('lists countries without a token, with Russian and English names', async () => {
    const response = await post(t.app, '/api/register/countries', {});
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json<{ result: { items: { code: string; name_ru: string; name_en: string }[]; total: number } }>().result;
    expect(total).toBe(items.length);
    expect(items).toContainEqual({ code: 'DE', name_ru: 'Германия', name_en: 'Germany' });
  });

  it('walks every step, saves each one, and finishing mails the new admin', async () => {
    const session = await start();
    const status = async () => (await post(t.app, '/api/registration/status', {}, { token: session.token })).json<{ result: Record<string, unknown> }>().result;
    expect(await status()).toMatchObject({ email: session.email, country: null, phone_confirmed: false, registration_complete: false });

    await fillAllSteps(session.token, 'DE-100200', '+4915112345678');
    expect(await status()).toEqual({
      email: session.email,
      country: 'DE',
      company_type: 'legal_entity',
      unique_id: 'DE-100200',
      client_name: 'Acme IoT GmbH',
      firstName: 'Anna',
      lastName: 'Berg',
      phone: '+4915112345678',
      phone_confirmed: true,
      registration_complete: false,
    });

    const finish = await post(t.app, '/api/registration/finish', {}, { token: session.token });
    expect(finish.statusCode, finish.body).toBe(200);
    const mail = await waitForValue(() => smtp.received.find((m) => m.to.includes(session.email) && mailBody(m.raw).includes('/login')));
    const text = mailBody(mail.raw);
    expect(text).toContain('Acme IoT GmbH');
    expect(text).toContain('https://cabinet.example.test/login');

    // The same token now reaches the rest of the API; the company shows its client_name.
    const me = await post(t.app, '/api/service/me', { version: 250314 }, { token: session.token });
    expect(me.statusCode, me.body).toBe(200);
    const again = await post(t.app, '/api/registration/finish', {}, { token: session.token });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().code).toBe('registration_already_complete');
    const relogin = await post(t.app, '/api/login', { email: session.email, password: 'secret-pass-1' });
    expect(relogin.statusCode).toBe(200);
  });

  it('answers 424 to every other call until the registration is finished, also after a fresh login', async () => {
    const session = await start();
    for (const url of ['/api/service/me', '/api/profile/get', '/api/sims/list', '/api/notify/list']) {
      const response = await post(t.app, url, {}, { token: session.token });
      expect(response.statusCode, url).toBe(424);
      expect(response.json<ErrorBody>().code).toBe('registration_unfinished');
    }
    const signedIn = await login(t.app, session.email, 'secret-pass-1');
    const me = await post(t.app, '/api/service/me', {}, { token: signedIn.token });
    expect(me.statusCode).toBe(424);
    const status = await post(t.app, '/api/registration/status', {}, { token: signedIn.token });
    expect(status.statusCode).toBe(200);
  });

  it('refuses to finish while a step is missing', async () => {
    const session = await start();
    await post(t.app, '/api/registration/jurisdiction', { country: 'RU' }, { token: session.token });
    const response = await post(t.app, '/api/registration/finish', {}, { token: session.token });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>()).toMatchObject({ code: 'registration_steps_missing', message: 'Please complete every registration step' });
  });

  it('needs a token for the steps', async () => {
    expect((await post(t.app, '/api/registration/status', {})).statusCode).toBe(401);
  });

  it('validates every field with localized texts', async () => {
    const short = await post(t.app, '/api/register/start', { email: 'not-an-email', password: 'short' }, { lang: 'ru' });
    expect(short.statusCode).toBe(400);
    expect(short.json<ErrorBody>().fields).toMatchObject({ email: 'Неверное значение', password: 'Неверное значение' });
    const session = await start();
    const cases: [string, unknown, string][] = [
      ['/api/registration/jurisdiction', { country: 'XX' }, 'country'],
      ['/api/registration/jurisdiction', { country: 'germany' }, 'country'],
      ['/api/registration/company_type', { company_type: 'pirate' }, 'company_type'],
      ['/api/registration/company', { unique_id: 'a b' }, 'unique_id'],
      ['/api/registration/administrator', { client_name: '', firstName: 'A', lastName: 'B' }, 'client_name'],
      ['/api/registration/administrator', { client_name: 'x'.repeat(201), firstName: 'A', lastName: 'B' }, 'client_name'],
      ['/api/registration/phone/call', { phone: '12345', direction: 'outgoing' }, 'phone'],
      ['/api/registration/phone/call', { phone: '+4915112345678', direction: 'sideways' }, 'direction'],
      ['/api/registration/phone/verify', { code: '12a4' }, 'code'],
    ];
    for (const [url, body, field] of cases) {
      const en = await post(t.app, url, body, { token: session.token, lang: 'en' });
      expect(en.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(en.json<ErrorBody>().fields?.[field], `${url} ${field}`).toMatch(/^(Wrong value|Fill the data|The value is too long)$/);
      const ru = await post(t.app, url, body, { token: session.token, lang: 'ru' });
      expect(ru.json<ErrorBody>().fields?.[field]).toMatch(/^(Неверное значение|Заполните данные|Слишком длинное значение)$/);
    }
    const unknown = await post(t.app, '/api/registration/company', { unique_id: 'ABCD1', extra: 1 }, { token: session.token });
    expect(unknown.statusCode).toBe(400);
  });

  it('answers company_exists for a tax number another company holds', async () => {
    const first = await start();
    expect((await post(t.app, '/api/registration/company', { unique_id: 'RU-7701' }, { token: first.token })).statusCode).toBe(200);
    const second = await start();
    const duplicate = await post(t.app, '/api/registration/company', { unique_id: 'ru-7701' }, { token: second.token, lang: 'ru' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<ErrorBody>()).toMatchObject({ code: 'company_exists', message: 'Компания с таким идентификатором уже зарегистрирована' });
    // Saving its own number again is no conflict.
    expect((await post(t.app, '/api/registration/company', { unique_id: 'RU-7701' }, { token: first.token })).statusCode).toBe(200);
  });

  it('confirms the phone only with the right digits of the latest call, within the attempt limit', async () => {
    const session = await start();
    const phone = '+79161234567';
    const noCall = await post(t.app, '/api/registration/phone/verify', { code: '1234' }, { token: session.token });
    expect(noCall.statusCode).toBe(422);

    const call = await post(t.app, '/api/registration/phone/call', { phone, direction: 'incoming' }, { token: session.token });
    expect(call.statusCode).toBe(200);
    const { number, direction } = call.json<{ result: { number: string; direction: string } }>().result;
    expect(direction).toBe('incoming');
    const code = await simulatedCode(phone);
    expect(number.slice(-4)).toBe(code);
    const stored = await queryRows<{ code_hash: string }>(t.database.db, sql`select code_hash from phone_confirmations where phone = ${phone}`);
    expect(stored[0]?.code_hash).not.toContain(code);

    const wrong = await post(t.app, '/api/registration/phone/verify', { code: wrongCode(code) }, { token: session.token, lang: 'en' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<ErrorBody>()).toMatchObject({ code: 'phone_verification_failed', message: 'Verification error, check the entered data or try again later' });
    const wrongRu = await post(t.app, '/api/registration/phone/verify', { code: wrongCode(code) }, { token: session.token, lang: 'ru' });
    expect(wrongRu.json<ErrorBody>().message).toBe('Ошибка проверки, проверьте введённые данные или повторите попытку позже');

    // Three more wrong tries use up the five; then even the right code fails.
    for (let i = 0; i < 3; i += 1) await post(t.app, '/api/registration/phone/verify', { code: wrongCode(code) }, { token: session.token });
    const exhausted = await post(t.app, '/api/registration/phone/verify', { code }, { token: session.token });
    expect(exhausted.statusCode).toBe(422);

    // A new outgoing call gives a new code that works.
    const outgoing = await post(t.app, '/api/registration/phone/call', { phone, direction: 'outgoing' }, { token: session.token });
    expect(outgoing.json<{ result: { number: string | null } }>().result.number).toBeNull();
    const ok = await post(t.app, '/api/registration/phone/verify', { code: await simulatedCode(phone) }, { token: session.token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ result: { phone_confirmed: boolean } }>().result.phone_confirmed).toBe(true);
  });

  it('rings a phone at most 5 times a minute per registering user', async () => {
    const session = await start();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await post(t.app, '/api/registration/phone/call', { phone: '+79160000001', direction: 'outgoing' }, { token: session.token })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const other = await start();
    expect((await post(t.app, '/api/registration/phone/call', { phone: '+79160000002', direction: 'outgoing' }, { token: other.token })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const session = await start();
    const phone = '+79169990000';
    await post(t.app, '/api/registration/phone/call', { phone, direction: 'outgoing' }, { token: session.token });
    await t.database.db.execute(sql`update phone_confirmations set expires_at = now() - interval '1 second' where phone = ${phone}`);
    const response = await post(t.app, '/api/registration/phone/verify', { code: await simulatedCode(phone) }, { token: session.token });
    expect(response.statusCode).toBe(422);
  });

  it('shows simulated calls to root only', async () => {
    const session = await start();
    await post(t.app, '/api/registration/phone/call', { phone: '+79160001122', direction: 'outgoing' }, { token: session.token });
    const root = await login(t.app, 'root@demo.local');
    const list = await post(t.app, '/api/tools/telephony_calls', {}, { token: root.token });
    expect(list.statusCode).toBe(200);
    const first = list.json<{ result: { items: { phone: string; number: string; code: string; direction: string }[] } }>().result.items[0];
    expect(first).toMatchObject({ phone: '+79160001122', direction: 'outgoing', code: await simulatedCode('+79160001122') });
    const admin = await login(t.app, 'admin@demo.local');
    expect((await post(t.app, '/api/tools/telephony_calls', {}, { token: admin.token })).statusCode).toBe(403);
    expect((await post(t.app, '/api/tools/telephony_calls', {}, { token: session.token })).statusCode).toBe(424);
  });
});
