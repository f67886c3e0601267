import { Writable } from 'node:stream';
import { ErrorBody } from '@cab/contract/errors';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOpaqueToken } from '../src/auth/tokens.js';
import { queryRows } from '../src/db/client.js';
import { passwordResets } from '../src/db/schema.js';
import { createMailer } from '../src/delivery/mail.js';
import { requestReset } from '../src/modules/accounts/forgot/service.js';
import { refuseInserts } from './support/db.js';
import { mailBody, SmtpSink } from './support/smtp-sink.js';
import { waitForValue } from './support/wait.js';
import { DEMO_PASSWORD, createTestApp, login, post, type TestApp } from './support/test-app.js';


let smtp: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://cabinet.example.test/' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});



function linkIn(raw: string): string {
  const match = /(https?:\/\/\S+\/forgot\?token=[A-Za-z0-9_-]+)/.exec(mailBody(raw));
  if (!match?.[1]) throw new Error(`no link in mail: ${raw}`);
  return match[1];
}

// A forged Host header must not end up in the mailed link.
const requestLink = (email: string, lang: 'en' | 'ru' = 'en') =>
  post(t.app, '/api/forgot/request', { email }, { lang, headers: { host: 'attacker.example' } });
const reset = (token: string, password: string, lang: 'en' | 'ru' = 'en') =>
  post(t.app, '/api/forgot/reset', { token, password }, { lang });
const loginStatus = async (email: string, password: string) =>
  (await post(t.app, '/api/login', { email, password })).statusCode;
const auditCount = async (action: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where action = ${action}`))[0]?.n;

describe('password recovery over SMTP', () => {
  let firstToken = '';

  it('mails a single-use link and resets the password', async () => {
    const earlier = await login(t.app, 'admin@demo.local');
    const before = smtp.received.length;
    const res = await requestLink('Admin@Demo.local');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { ok: true } });
    const mail = await waitForValue(() => smtp.received[before]);
    expect(mail.to).toEqual(['admin@demo.local']);
    const link = new URL(linkIn(mail.raw));
    // The configured address, whatever Host header the request carried.
    expect(link.origin).toBe('https://cabinet.example.test');
    expect(link.pathname).toBe('/forgot');
    firstToken = link.searchParams.get('token') ?? '';
    expect(firstToken.length).toBeGreaterThan(20);
    expect(await auditCount('password_reset_request')).toBe(1);

    const done = await reset(firstToken, 'brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ result: { ok: true } });
    expect(await loginStatus('admin@demo.local', DEMO_PASSWORD)).toBe(401);
    expect(await loginStatus('admin@demo.local', 'brand-new-password')).toBe(200);
    const check = await post(t.app, '/api/session/check', undefined, { token: earlier.token });
    expect(check.statusCode).toBe(401);
    expect(await auditCount('password_reset')).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received.length).toBe(before + 1);
  });

  it.each([
    ['en', 'The link is invalid or has expired'],
    ['ru', 'Ссылка недействительна или устарела'],
  ] as const)('refuses the same token a second time (%s)', async (lang, message) => {
    const res = await reset(firstToken, 'another-password', lang);
    expect(res.statusCode).toBe(400);
    expect(ErrorBody.parse(res.json())).toEqual({ code: 'reset_link_invalid', message });
    expect(await loginStatus('admin@demo.local', 'brand-new-password')).toBe(200);
  });

  it('answers 200 for an unknown e-mail and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await requestLink('nobody@nowhere.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { ok: true } });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
  });

  it('refuses an expired token', async () => {
    const before = smtp.received.length;
    await requestLink('manager@demo.local');
    const mail = await waitForValue(() => smtp.received[before]);
    const token = new URL(linkIn(mail.raw)).searchParams.get('token') ?? '';
    await t.database.db.execute(sql`update password_resets set expires_at = now() - interval '1 minute' where used_at is null`);
    const res = await reset(token, 'brand-new-password');
    expect(res.statusCode).toBe(400);
    expect(ErrorBody.parse(res.json()).code).toBe('reset_link_invalid');
    expect(await loginStatus('manager@demo.local', DEMO_PASSWORD)).toBe(200);
  });

  it('refuses an unknown token and a short password', async () => {
    expect((await reset('no-such-token', 'brand-new-password')).statusCode).toBe(400);
    const short = await reset('no-such-token', 'short');
    expect(short.statusCode).toBe(400);
    expect(ErrorBody.parse(short.json()).code).toBe('validation_failed');
  });
});

describe('older links', () => {
  it('a newer link retires the one mailed before it', async () => {
    const before = smtp.received.length;
    await requestLink('viewer@demo.local');
    const first = await waitForValue(() => smtp.received[before]);
    await requestLink('viewer@demo.local');
    const second = await waitForValue(() => smtp.received[before + 1]);
    const tokenOf = (raw: string) => new URL(linkIn(raw)).searchParams.get('token') ?? '';
    const older = await reset(tokenOf(first.raw), 'older-link-password');
    expect(older.statusCode).toBe(400);
    expect(ErrorBody.parse(older.json()).code).toBe('reset_link_invalid');
    expect((await reset(tokenOf(second.raw), 'newer-link-password')).statusCode).toBe(200);
    expect(await loginStatus('viewer@demo.local', 'newer-link-password')).toBe(200);
  });

  it('using one link retires every other outstanding link of the user', async () => {
    const [user] = await queryRows<{ id: number; company_id: number }>(
      t.database.db,
      sql`select id::int as id, company_id::int as company_id from users where email = 'agent@demo.local'`,
    );
    // Two links issued side by side (e.g. before an upgrade, or two requests racing).
    const expiresAt = new Date(Date.now() + 3_600_000);
    for (const token of ['side-link-one', 'side-link-two']) {
      await t.database.db
        .insert(passwordResets)
        .values({ companyId: Number(user?.company_id), userId: Number(user?.id), tokenHash: hashOpaqueToken(token), expiresAt });
    }
    expect((await reset('side-link-one', 'first-link-password')).statusCode).toBe(200);
    expect((await reset('side-link-two', 'second-link-password')).statusCode).toBe(400);
    expect(await loginStatus('agent@demo.local', 'first-link-password')).toBe(200);
  });
});

describe('no account enumeration through forgot/request', () => {
  // Each from its own client address, under the route's per-address rate limit.
  const requestFrom = (remoteAddress: string, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/forgot/request?lang=en', remoteAddress, payload: { email } });

  it('answers a known e-mail like an unknown one even when issuing its link fails: the work is not on the request path', async () => {
    // Every new link fails to store; the request must not wait for (or show) that.
    const restore = await refuseInserts(t.database.db, 'password_resets');
    try {
      const known = await requestFrom('198.51.100.200', 'manager@demo.local');
      const unknown = await requestFrom('198.51.100.201', 'nobody-at-all@nowhere.example');
      expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
      expect(known.json()).toEqual({ result: { ok: true } });

      // Interleaved, bounded: both answers take about the same time (one lookup each).
      const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      for (let i = 0; i < 10; i += 1) {
        for (const [kind, email] of [['known', 'manager@demo.local'], ['unknown', `nobody${i}@nowhere.example`]] as const) {
          const started = performance.now();
          const res = await requestFrom(`198.51.100.${i}`, email);
          times[kind].push(performance.now() - started);
          expect(res.statusCode).toBe(200);
        }
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      expect(median(times.known)).toBeLessThan(median(times.unknown) * 3 + 20);
    } finally {
      await restore();
    }
  });
});

describe('password recovery without SMTP', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await createTestApp();
  });
  afterAll(async () => local.close());

  it('keeps the mail in outbox_mail', async () => {
    const res = await post(local.app, '/api/forgot/request', { email: 'admin@demo.local' });
    expect(res.statusCode).toBe(200);
    const rows = await waitForValue(async () => {
      const found = await queryRows<{ to: string; subject: string; text: string }>(
        local.database.db,
        sql`select "to", subject, text from outbox_mail`,
      );
      return found.length > 0 ? found : undefined;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.to).toBe('admin@demo.local');
    expect(rows[0]?.text).toMatch(/\/forgot\?token=[A-Za-z0-9_-]+/);
  });

  it('logs that a mail was kept, with recipient and subject, never its body or the link in it', async () => {
    let output = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output += chunk.toString('utf8');
        done();
      },
    });
    const logger = Fastify({ logger: { level: 'warn', stream } });
    const db = local.database.db;
    const mailer = createMailer({ smtpUrl: undefined, db, log: logger.log });
    const issue = await requestReset({ db, bus: local.bus, mailer, log: logger.log }, { email: 'viewer@demo.local' }, { origin: 'https://c.example', ip: '::1' });
    await issue?.();
    const text = await waitForValue(async () => {
      const [row] = await queryRows<{ text: string }>(db, sql`select text from outbox_mail where "to" = 'viewer@demo.local'`);
      return row?.text;
    });
    const token = /forgot\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    await mailer.send({ to: 'new.user@example.test', subject: 'Your account', text: 'Password: Gen3rated-Secret-77' });
    await logger.close();
    expect(output).toContain('viewer@demo.local');
    expect(output).toContain('new.user@example.test');
    expect(output).toContain('Your account');
    expect(output).not.toContain(token);
    expect(output).not.toContain('forgot?token');
    expect(output).not.toContain('Gen3rated-Secret-77');
  });
});
