import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { NotifyDeliveryListResult, NotifyMethod } from '@cab/contract/notify-methods';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { createMailer } from '../src/delivery/mail.js';
import { sendTelegram } from '../src/delivery/telegram.js';
import { sendWhatsapp } from '../src/delivery/whatsapp.js';
import { startNotifyDelivery } from '../src/modules/platform/notify-methods/jobs.js';
import { notifyEvent } from '../src/modules/platform/notify/events.js';
import { createNotification } from '../src/modules/platform/notify/service.js';
import { createTestApp, login, post, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';
import { SmtpSink } from './support/smtp-sink.js';

const BOT_TOKEN = '123456:test-bot-token';
const WA_PHONE_ID = '1098765';
const WA_TOKEN = 'wa-test-token';

interface Hit {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on 127.0.0.1 that records each request and answers what `answer` says. */
async function receiver(
  answer: (hit: Hit) => { status: number; body?: string },
): Promise<{ url: string; hits: Hit[]; server: Server }> {
  const hits: Hit[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hit = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      hits.push(hit);
      const { status, body } = answer(hit);
      response.writeHead(status, { 'content-type': 'application/json' }).end(body ?? '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, hits, server };
}

/** What a webhook receiver does (README "Webhook notifications"): check signature, age and replay. */
function verifyWebhook(secret: string, hit: Hit, seen: Set<string>): string | null {
  const timestamp = String(hit.headers['x-cabinet-timestamp'] ?? '');
  const signature = String(hit.headers['x-cabinet-signature'] ?? '');
  const delivery = String(hit.headers['x-cabinet-delivery'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${hit.body}`).digest('hex')}`;
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected)))
    return 'bad signature';
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return 'too old';
  if (!delivery || seen.has(delivery)) return 'replay';
  seen.add(delivery);
  return null;
}

let smtp: SmtpSink;
let t: TestApp;
let token: string;
let demoCompanyId: number;
let adminId: number;
let stopWorker: () => Promise<void>;
const servers: Server[] = [];
const webhookSecret = { value: '' };
const webhookSeen = new Set<string>();
const webhookVerdicts: (string | null)[] = [];

let webhook: Awaited<ReturnType<typeof receiver>>;
let failing: Awaited<ReturnType<typeof receiver>>;
let telegram: Awaited<ReturnType<typeof receiver>>;
let whatsapp: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  smtp = await SmtpSink.start();

  webhook = await receiver((hit) => {
    const verdict = verifyWebhook(webhookSecret.value, hit, webhookSeen);
    webhookVerdicts.push(verdict);
    return { status: verdict ? 401 : 204 };
  });
  failing = await receiver(() => ({ status: 503, body: '{"error":"receiver is down"}' }));
  telegram = await receiver((hit) => {
    const body = JSON.parse(hit.body) as { chat_id?: string; text?: string };
    const ok =
      hit.path === `/bot${BOT_TOKEN}/sendMessage` &&
      body.chat_id === '@cabinet_alerts' &&
      typeof body.text === 'string';
    return ok ? { status: 200, body: '{"ok":true,"result":{"message_id":1}}' } : { status: 400, body: '{"ok":false}' };
  });
  whatsapp = await receiver((hit) => {
    const ok = hit.path === `/${WA_PHONE_ID}/messages` && hit.headers.authorization === `Bearer ${WA_TOKEN}`;
    return ok ? { status: 200, body: '{"messages":[{"id":"wamid.1"}]}' } : { status: 401 };
  });
  servers.push(webhook.server, failing.server, telegram.server, whatsapp.server);

  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      WHATSAPP_API_URL: `${whatsapp.url}/`,
      WHATSAPP_PHONE_NUMBER_ID: WA_PHONE_ID,
      WHATSAPP_TOKEN: WA_TOKEN,
      NOTIFY_RETRY_LIMIT: '2',
      NOTIFY_RETRY_DELAY_SECONDS: '1',
      NOTIFY_TIMEOUT_MS: '3000',
      // The fake receivers listen on loopback, which the outbound guard refuses unless allow-listed.
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    },
  });
  const admin = await login(t.app, 'admin@demo.local');
  token = admin.token;
  adminId = admin.id;
  const [demo] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select company_id::int as id from users where id = ${adminId}`,
  );
  demoCompanyId = Number(demo?.id);
  stopWorker = await startNotifyDelivery(t.jobs, {
    db: t.database.db,
    config: t.config,
    mailer: createMailer({ smtpUrl: t.config.SMTP_URL, db: t.database.db, log: { warn: () => undefined } }),
    retry: { retryLimit: t.config.NOTIFY_RETRY_LIMIT, retryDelaySeconds: t.config.NOTIFY_RETRY_DELAY_SECONDS },
    log: () => undefined,
  });
}, 30_000);
afterAll(async () => {
  await stopWorker();
  await t.close();
  await smtp.close();
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function addMethod(
  type: number,
  destination: string,
  flags: { sim: boolean; billing: boolean; notify: boolean },
): Promise<NotifyMethod> {
  const res = await post(t.app, '/api/notify_methods/create', { type, destination, ...flags }, { token });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json<{ result: NotifyMethod }>().result;
}

async function deliveries(methodId: number) {
  const res = await post(t.app, '/api/notify_methods/deliveries', { id: methodId }, { token });
  return res.json<{ result: NotifyDeliveryListResult }>().result.items;
}

async function settled(methodIds: number[], count: number): Promise<void> {
  await waitFor(
    async () => {
      for (const id of methodIds) {
        const items = await deliveries(id);
        if (items.length < count || items.some((d) => d.status === 'pending')) return false;
      }
      return true;
    },
    20_000,
    'deliveries to settle',
  );
}

const simOnly = { sim: true, billing: false, notify: false };

describe('notification delivery', () => {
  it('delivers a sim notification to e-mail, a signed webhook, Telegram and WhatsApp; retries a failing receiver, then fails', async () => {
    const mail = await addMethod(0, 'noc@customer.example', simOnly);
    const hook = await addMethod(1, `${webhook.url}/cabinet-events`, { sim: true, billing: false, notify: true });
    webhookSecret.value = hook.secret ?? '';
    const tg = await addMethod(3, '@cabinet_alerts', simOnly);
    const wa = await addMethod(2, '+491701234567', simOnly);
    const down = await addMethod(1, `${failing.url}/hook`, simOnly);
    const billingMail = await addMethod(0, 'billing@customer.example', { sim: false, billing: true, notify: false });

    const stored = await notifyEvent(t.database.db, t.bus, {
      companyId: demoCompanyId,
      type: 'success',
      category: 'sim',
      text: { ru: 'Блокировка SIM-карт: готово, 5 успешно, 0 с ошибкой', en: 'Blocking SIM cards: done, 5 ok, 0 failed' },
      recipients: [{ userId: adminId, lang: 'en', popup: false }],
    });
    const notification = stored!.told[0]!.notification;
    await settled([mail.id, hook.id, tg.id, wa.id, down.id], 1);

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['noc@customer.example']);
    expect(smtp.received[0]?.raw).toContain('Blocking SIM cards');

    expect(webhookVerdicts).toEqual([null]);
    const event = JSON.parse(webhook.hits[0]!.body) as Record<string, unknown>;
    expect(event).toMatchObject({
      id: notification.id,
      event_key: stored!.eventKey,
      type: 'success',
      category: 'sim',
      text: 'Blocking SIM cards: done, 5 ok, 0 failed',
      company_id: demoCompanyId,
    });
    expect(typeof event.created_at).toBe('string');
    expect(webhook.hits[0]?.path).toBe('/cabinet-events');
    // A replay of the very same request is rejected by the receiver's check.
    expect(verifyWebhook(webhookSecret.value, webhook.hits[0]!, webhookSeen)).toBe('replay');
    expect(verifyWebhook('wrong-secret', webhook.hits[0]!, new Set())).toBe('bad signature');

    expect(telegram.hits).toHaveLength(1);
    expect(JSON.parse(telegram.hits[0]!.body)).toEqual({
      chat_id: '@cabinet_alerts',
      text: 'Blocking SIM cards: done, 5 ok, 0 failed',
    });
    expect(whatsapp.hits).toHaveLength(1);
    expect(JSON.parse(whatsapp.hits[0]!.body)).toMatchObject({
      messaging_product: 'whatsapp',
      to: '491701234567',
      type: 'text',
      text: { body: 'Blocking SIM cards: done, 5 ok, 0 failed' },
    });

    for (const method of [mail, hook, tg, wa]) {
      expect(await deliveries(method.id)).toMatchObject([
        { notification_id: notification.id, status: 'sent', attempts: 1, last_error: null },
      ]);
    }
    expect((await deliveries(hook.id))[0]?.response_status).toBe(204);
    // First try and two retries (NOTIFY_RETRY_LIMIT=2), then failed with the status kept — never the body.
    expect(failing.hits).toHaveLength(3);
    const [failed] = await deliveries(down.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, response_status: 503, last_error: 'http_503' });
    expect(JSON.stringify(await deliveries(down.id))).not.toContain('receiver is down');
    // The billing-only method is not told about a sim notification.
    expect(await deliveries(billingMail.id)).toEqual([]);

    // One user told on their own: an event of its own.
    await createNotification(t.database.db, t.bus, {
      companyId: demoCompanyId,
      userId: adminId,
      type: 'info',
      category: 'billing',
      text: { ru: 'Выставлен счёт 42', en: 'Bill 42 issued' },
      lang: 'en',
      popup: false,
    });
    await settled([billingMail.id], 1);
    expect(smtp.received.map((m) => m.to[0])).toEqual(['noc@customer.example', 'billing@customer.example']);
    for (const method of [mail, hook, tg, wa]) expect(await deliveries(method.id)).toHaveLength(1);
  }, 40_000);

  it('test-send reaches the webhook signed, and the log shows it sent', async () => {
    const before = webhook.hits.length;
    const hook = await addMethod(1, `${webhook.url}/test`, { sim: false, billing: false, notify: false });
    webhookSecret.value = hook.secret ?? '';
    const res = await post(t.app, '/api/notify_methods/test', { id: hook.id }, { token, lang: 'ru' });
    expect(res.statusCode).toBe(200);
    await settled([hook.id], 1);
    expect(webhook.hits.length).toBe(before + 1);
    expect(webhookVerdicts.at(-1)).toBeNull();
    expect(JSON.parse(webhook.hits.at(-1)!.body)).toMatchObject({
      id: null,
      test: true,
      text: 'Тестовое уведомление из кабинета SIM-карт',
    });
    expect(await deliveries(hook.id)).toMatchObject([{ status: 'sent', attempts: 1, notification_id: null }]);
  }, 30_000);

  it('a channel without its settings fails at once with a clear reason', async () => {
    const direct = { timeoutMs: 1000, policy: { allowHosts: t.config.OUTBOUND_ALLOW_HOSTS } };
    await expect(sendTelegram({ apiUrl: telegram.url, botToken: undefined }, '1', 'x', direct)).rejects.toMatchObject({
      permanent: true,
      message: 'Telegram is not configured: TELEGRAM_BOT_TOKEN is not set',
    });
    await expect(
      sendWhatsapp({ apiUrl: whatsapp.url, phoneNumberId: WA_PHONE_ID, token: undefined }, '+4917012345', 'x', direct),
    ).rejects.toMatchObject({
      permanent: true,
      message: 'WhatsApp is not configured: WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN must be set',
    });
  });
});
