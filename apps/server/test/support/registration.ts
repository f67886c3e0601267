import { expect } from 'vitest';
import { mailBody, type SmtpSink } from './smtp-sink.js';
import type { TestApp } from './test-app.js';
import { waitForValue } from './wait.js';

/** Registration as a client does it: Welcome, then the link the SMTP sink received. */
export function registrationClient(t: TestApp, smtp: SmtpSink) {
  let seq = 0;
  const newEmail = () => `reg-${Date.now()}-${++seq}@example.test`;

  /** A public call from a client address of its own: a file starts more registrations than one address may a minute. */
  const publicPost = (url: string, body: unknown, lang: 'ru' | 'en' = 'en') =>
    t.app.inject({ method: 'POST', url: `${url}?lang=${lang}`, remoteAddress: `192.0.2.${++seq % 250}`, payload: body as Record<string, unknown> });

  /** The token of the registration link mailed to `email` (the latest such mail). */
  async function mailedToken(email: string): Promise<string> {
    const mail = await waitForValue(() => smtp.received.findLast((m) => m.to.includes(email) && mailBody(m.raw).includes('/register?token=')));
    const match = /\/register\?token=([A-Za-z0-9_-]+)/.exec(mailBody(mail.raw));
    if (!match?.[1]) throw new Error(`no link in mail: ${mail.raw}`);
    return match[1];
  }

  /** Welcome (answers ok), then the mailed link: it opens the registration's session, like a login. */
  async function start(email = newEmail(), lang: 'ru' | 'en' = 'en') {
    const response = await publicPost('/api/register/start', { email, password: 'secret-pass-1' }, lang);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: { ok: true } });
    const confirmed = await publicPost('/api/register/confirm', { token: await mailedToken(email) }, lang);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { email, ...confirmed.json<{ result: { token: string; refresh_token: string; id: number } }>().result };
  }

  return { newEmail, publicPost, mailedToken, start };
}
